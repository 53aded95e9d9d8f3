// Every word of the interface in English and Japanese (WORDS). Game words (titles, cards, events) come
// from the server in both languages; these are the page's own.
//   t(key, params, inLang): the words for key in the page's language (or inLang), with {name}
//   replaced from params; lang: the page's language; setLang(l); onLang(fn): called on a switch.
import { loadLang, saveLang } from "./store.js";
import accounts from "./words/accounts.js";
import ratingsWords from "./words/ratings.js";
import analysisWords from "./words/analysis.js";
import STUDIO from "./words/studio.js";

// The page's own words; each feature's words are a module of their own in words/ ({en, ja}),
// listed in PARTS below, so that features add words without touching this table.
const PAGE = {
  en: {
    page_title: "bodoge — Japanese board games",
    tagline: "Japanese board games",
    switch_language: "Switch to Japanese",
    loading: "Loading…",
    not_found: "There is no such page.",
    back_to_lobby: "← Lobby",
    back_to_table: "Back to the table",
    lobby: "Lobby",
    your_name: "Your name",
    need_name: "Enter your name first.",
    games: "Games",
    players_range: "{min}–{max} players",
    new_table: "New table",
    rules: "Rules",
    rules_missing: "This server has no rules pages.",
    create_table: "Create a table",
    game: "Game",
    player_count: "Number of players",
    seats: "Seats",
    seat_n: "Seat {n}",
    seat_me: "You",
    seat_open: "Open (for a friend)",
    seat_bot: "Bot",
    bot_level_for: "Bot level for seat {n}",
    options: "Options",
    no_options: "This game has no options.",
    clock: "Clock",
    clock_none: "No clock",
    clock_realtime: "Time bank per player",
    clock_turn: "Time per move",
    clock_bank: "Bank (seconds)",
    clock_increment: "Added per move (seconds)",
    clock_per_move: "Seconds per move",
    no_clocks: "This server does not offer clocks yet.",
    timeout_level: "Bot that plays on timeout",
    who_may_come: "Who may come",
    public_table: "Listed in the lobby (public)",
    allow_spectators: "Spectators may watch",
    create: "Create the table",
    open_tables: "Open tables",
    refresh: "Refresh",
    no_open_tables: "No open tables right now: create one.",
    seats_taken: "{taken} of {total} seats taken",
    join: "Join",
    watch: "Watch",
    my_tables: "Your tables",
    table: "Table",
    join_title: "Join a table",
    you: "You",
    bot_name: "Bot {n} ({level})",
    open_seat: "Open seat",
    list_sep: ", ",
    game_over: "Game over",
    waiting_players: "Waiting for players to join",
    your_turn: "Your turn",
    waiting_for: "Waiting for {names}",
    spectating: "Watching",
    invite_title: "Invite friends",
    invite_help: "Send this link to the people you want to play with; it lets them take a seat.",
    invite_link: "Invite link",
    copy: "Copy",
    copied: "Copied.",
    join_from_lobby: "Join from the lobby",
    connected: "connected",
    not_connected: "not connected",
    bot: "bot",
    stand_in: "bot stands in",
    stand_in_you: "A bot is playing your seat.",
    take_back: "Take my seat back",
    take_back_queued: "The bot first makes the move your time ran out on; you get your seat back right after it.",
    time_left: "Time left",
    clock_days: "{d} d {hms}",
    clock_is_realtime: "Clock: {bank} each, +{increment} per move",
    clock_is_turn: "Clock: {per_move} per move",
    unit_days: "{n} d",
    unit_hours: "{n} h",
    unit_minutes: "{n} min",
    unit_seconds: "{n} s",
    reconnecting: "Reconnecting…",
    log: "What happened",
    notation: "Type a move",
    notation_hint: "notation, e.g. from the list",
    send: "Send",
    undo: "Undo",
    all_moves: "All moves ({n})",
    download_record: "Download the record",
    rematch: "Rematch",
    join_rematch: "Join the rematch",
    rematch_missing: "This server does not offer rematches.",
    replay: "Replay",
    replay_missing: "Replays are not available on this server.",
    generic_view: "The game's state (this game has no drawing yet):",
    winners: "Winner: {names}",
    no_winner: "No winner",
    player: "Player",
    rank: "Rank",
    score: "Score",
    spectator: "Spectator",
    everything: "Everything (all seats)",
    view_as: "View as",
    first_step: "« First",
    previous_step: "◀ Previous",
    next_step: "Next ▶",
    last_step: "Last »",
    step_of: "Step {step} of {steps}",
    arrow_keys: "Arrow keys step back and forth.",
  },
  ja: {
    page_title: "bodoge — 日本のボードゲーム",
    tagline: "日本のボードゲーム",
    switch_language: "英語に切り替える",
    loading: "読み込み中…",
    not_found: "そのページはありません。",
    back_to_lobby: "← ロビー",
    back_to_table: "卓に戻る",
    lobby: "ロビー",
    your_name: "あなたの名前",
    need_name: "先に名前を入力してください。",
    games: "ゲーム",
    players_range: "{min}〜{max}人",
    new_table: "新しい卓",
    rules: "ルール",
    rules_missing: "このサーバーにはルールのページがありません。",
    create_table: "卓を作る",
    game: "ゲーム",
    player_count: "人数",
    seats: "席",
    seat_n: "席{n}",
    seat_me: "自分",
    seat_open: "空席（友だち用）",
    seat_bot: "ボット",
    bot_level_for: "席{n}のボットの強さ",
    options: "オプション",
    no_options: "このゲームにはオプションがありません。",
    clock: "持ち時間",
    clock_none: "持ち時間なし",
    clock_realtime: "各自の持ち時間",
    clock_turn: "1手ごとの制限時間",
    clock_bank: "持ち時間（秒）",
    clock_increment: "1手ごとの加算（秒）",
    clock_per_move: "1手の秒数",
    no_clocks: "このサーバーはまだ持ち時間に対応していません。",
    timeout_level: "時間切れのとき代わりに指すボット",
    who_may_come: "参加できる人",
    public_table: "ロビーに載せる（公開）",
    allow_spectators: "観戦を許可する",
    create: "卓を作成",
    open_tables: "参加できる卓",
    refresh: "更新",
    no_open_tables: "いま参加できる卓はありません。卓を作りましょう。",
    seats_taken: "{total}席中{taken}席が埋まっています",
    join: "参加する",
    watch: "観戦",
    my_tables: "あなたの卓",
    table: "卓",
    join_title: "卓に参加する",
    you: "あなた",
    bot_name: "ボット{n}（{level}）",
    open_seat: "空席",
    list_sep: "、",
    game_over: "ゲーム終了",
    waiting_players: "参加者を待っています",
    your_turn: "あなたの番です",
    waiting_for: "{names}の番です",
    spectating: "観戦中",
    invite_title: "友だちを招待",
    invite_help: "一緒に遊ぶ人にこのリンクを送ってください。リンクから席に着けます。",
    invite_link: "招待リンク",
    copy: "コピー",
    copied: "コピーしました。",
    join_from_lobby: "ロビーから参加する",
    connected: "接続中",
    not_connected: "未接続",
    bot: "ボット",
    stand_in: "ボットが代打ち中",
    stand_in_you: "あなたの席はボットが代わりに指しています。",
    take_back: "席に戻る",
    take_back_queued: "時間切れになった手はまずボットが打ちます。その手のすぐあとで席に戻ります。",
    time_left: "残り時間",
    clock_days: "{d}日 {hms}",
    clock_is_realtime: "持ち時間：各自{bank}、1手ごとに+{increment}",
    clock_is_turn: "持ち時間：1手{per_move}",
    unit_days: "{n}日",
    unit_hours: "{n}時間",
    unit_minutes: "{n}分",
    unit_seconds: "{n}秒",
    reconnecting: "再接続しています…",
    log: "経過",
    notation: "手を入力",
    notation_hint: "表記（一覧にあるもの）",
    send: "送る",
    undo: "待った",
    all_moves: "選べる手の一覧（{n}）",
    download_record: "棋譜をダウンロード",
    rematch: "再戦",
    join_rematch: "再戦の卓に着く",
    rematch_missing: "このサーバーは再戦に対応していません。",
    replay: "リプレイ",
    replay_missing: "このサーバーではリプレイを見られません。",
    generic_view: "ゲームの状態（このゲームの盤面表示はまだありません）：",
    winners: "勝者：{names}",
    no_winner: "勝者なし",
    player: "プレイヤー",
    rank: "順位",
    score: "得点",
    spectator: "観戦者",
    everything: "すべて（全席）",
    view_as: "視点",
    first_step: "« 最初",
    previous_step: "◀ 前へ",
    next_step: "次へ ▶",
    last_step: "最後 »",
    step_of: "{steps}手中{step}手目",
    arrow_keys: "矢印キーで前後に進めます。",
  },
};

const PARTS = [PAGE, accounts, ratingsWords, analysisWords, STUDIO];

function merged(which) {
  const words = {};
  for (const part of PARTS) {
    for (const [key, text] of Object.entries(part[which])) {
      if (key in words) console.error(`words for ${key} are given twice`);
      words[key] = text;
    }
  }
  return words;
}

export const WORDS = { en: merged("en"), ja: merged("ja") };

function initialLang() {
  const stored = loadLang();
  if (stored === "en" || stored === "ja") return stored;
  const wanted = (navigator.languages?.[0] || navigator.language || "en").toLowerCase();
  return wanted.startsWith("ja") ? "ja" : "en";
}

export let lang = initialLang();
const listeners = [];

export function setLang(next) {
  if (next !== "en" && next !== "ja") return;
  lang = next;
  saveLang(next);
  for (const listener of listeners) listener(next);
}

export function onLang(listener) {
  listeners.push(listener);
}

export function t(key, params = {}, inLang = lang) {
  const words = WORDS[inLang][key] ?? WORDS.en[key];
  if (words === undefined) {
    console.error(`no words for ${key}`);
    return key;
  }
  return words.replace(/\{(\w+)\}/g, (_, name) => String(params?.[name] ?? ""));
}
