// Accounts in the page: the sign-in area of the header (name and password, or a passkey), the
// account page #/account (display name, passkeys, password, export, delete); the tables of every
// device are mytables.js's.
import { h } from "./dom.js";
import { lang, t } from "./i18n.js";
import * as passkey from "./passkey.js";
import * as session from "./session.js";
import { errorText } from "./views.js";

// A refusal of the browser's passkey dialog (cancelled, or no authenticator) is no ApiError.
function problem(error) {
  if (error && error.name && !error.code) return t("account_passkey_cancelled");
  return errorText(error);
}

// The header's area: who is signed in (a link to #/account and sign out), or a sign-in form.
export function accountArea() {
  const area = h("div", { class: "account-area" });
  const message = h("p", { class: "account-message", role: "status" });
  const show = (error) => message.replaceChildren(error ? problem(error) : "");
  const run = (work) => async (event) => {
    event?.preventDefault?.();
    show(null);
    try {
      await work();
    } catch (error) {
      show(error);
    }
  };
  if (session.account) {
    area.append(
      h("a", { href: "#/account", class: "account-link" }, session.account.display_name),
      h("button", { type: "button", class: "sign-out", onclick: run(session.signOut) }, t("account_sign_out")),
      message,
    );
    return area;
  }
  const name = h("input", {
    type: "text",
    name: "account-name",
    maxlength: 32,
    autocomplete: "username webauthn",
    "aria-label": t("account_name"),
    placeholder: t("account_name"),
  });
  const password = h("input", {
    type: "password",
    name: "account-password",
    maxlength: 256,
    autocomplete: "current-password",
    "aria-label": t("account_password"),
    placeholder: t("account_password"),
  });
  const needName = () => {
    if (!name.value.trim()) throw { words: { en: t("account_need_name", {}, "en"), ja: t("account_need_name", {}, "ja") } };
    return name.value.trim();
  };
  const withPasskeys = passkey.supported();
  const form = h(
    "form",
    { class: "sign-in", onsubmit: run(() => session.signIn(needName(), password.value)) },
    name,
    password,
    h("button", { type: "submit", class: "sign-in-button" }, t("account_sign_in")),
    h("button", { type: "button", class: "sign-up-button", onclick: run(() => session.signUp(needName(), password.value)) }, t("account_sign_up")),
    withPasskeys
      ? h("button", { type: "button", class: "passkey-sign-in", onclick: run(session.signInWithPasskey) }, t("account_passkey_sign_in"))
      : null,
    withPasskeys
      ? h("button", { type: "button", class: "passkey-sign-up", onclick: run(() => session.signUpWithPasskey(needName())) }, t("account_passkey_sign_up"))
      : null,
  );
  const details = h("details", { class: "account-menu" }, h("summary", {}, t("account_sign_in")), form, message);
  area.append(details);
  return area;
}

// This page at localhost instead of a loopback address (where passkeys work).
const byName = () => location.href.replace(/^(https?:\/\/)(127\.0\.0\.1|\[::1\])/, "$1localhost");

const when = (seconds) => new Date(seconds * 1000).toLocaleString(lang === "ja" ? "ja-JP" : "en-GB");

// #/account
export function accountPage(main) {
  let note = null; // {text} or {error}
  const say = (next) => {
    note = next;
    render();
  };
  const run = (work, done) => async (event) => {
    event?.preventDefault?.();
    try {
      await work(event);
      say(done ? { text: t(done) } : null);
    } catch (error) {
      say({ error });
    }
  };

  const passkeysSection = (account) =>
    h(
      "section",
      { class: "panel account-passkeys" },
      h("h2", {}, t("account_passkeys")),
      account.passkeys.length
        ? h(
            "ul",
            { class: "passkey-list" },
            account.passkeys.map((key) =>
              h(
                "li",
                { class: "passkey" },
                h("span", { class: "passkey-label" }, key.label), " ",
                h("small", {}, key.last_used ? t("account_last_used", { when: when(key.last_used) }) : t("account_never_used")), " ",
                h("button", { type: "button", class: "remove-passkey", onclick: run(() => session.removePasskey(key.id)) }, t("account_remove")),
              ),
            ),
          )
        : h("p", {}, t("account_no_passkeys")),
      passkey.supported()
        ? h(
            "form",
            {
              class: "add-passkey",
              onsubmit: run((event) => session.addPasskey(event.target.elements.label.value.trim() || "passkey")),
            },
            h("label", {}, h("span", {}, t("account_passkey_label")), h("input", { type: "text", name: "label", maxlength: 64, value: "passkey" })),
            h("button", { type: "submit" }, t("account_add_passkey")),
          )
        : h("p", {}, passkey.byAddress() ? t("account_passkeys_need_name", { url: byName() }) : t("account_no_passkeys_here")),
    );

  const passwordSection = (account) =>
    h(
      "section",
      { class: "panel account-password" },
      h("h2", {}, t(account.has_password ? "account_change_password" : "account_set_password")),
      h(
        "form",
        {
          class: "change-password",
          onsubmit: run((event) => {
            const fields = event.target.elements;
            return session.changePassword(fields.current?.value, fields.new.value);
          }, "account_password_changed"),
        },
        account.has_password
          ? h("label", {}, h("span", {}, t("account_current_password")), h("input", { type: "password", name: "current", autocomplete: "current-password" }))
          : null,
        h("label", {}, h("span", {}, t("account_new_password")), h("input", { type: "password", name: "new", autocomplete: "new-password", minlength: 8 })),
        h("button", { type: "submit" }, t("account_save")),
      ),
    );

  const dataSection = (account) =>
    h(
      "section",
      { class: "panel account-data" },
      h("h2", {}, t("account_your_data")),
      h("button", { type: "button", class: "export", onclick: run(session.download) }, t("account_export")),
      h("h3", {}, t("account_delete")),
      h("p", {}, t("account_delete_help")),
      h(
        "form",
        {
          class: "delete-account",
          onsubmit: run(async (event) => {
            const confirm = event.target.elements.confirm.value.trim();
            if (!window.confirm(t("account_delete_confirm", { name: account.name }))) return;
            await session.deleteAccount(confirm);
          }, "account_deleted"),
        },
        h("input", { type: "text", name: "confirm", "aria-label": t("account_name"), placeholder: account.name }),
        h("button", { type: "submit", class: "danger" }, t("account_delete")),
      ),
    );

  const render = () => {
    const account = session.account;
    const status = note ? h("p", { class: note.error ? "error" : "note", role: "status" }, note.error ? problem(note.error) : note.text) : null;
    if (!account) {
      main.replaceChildren(h("section", { class: "panel account" }, h("h1", {}, t("account_title")), status, h("p", {}, t("account_signed_out")), accountArea()));
      return;
    }
    main.replaceChildren(
      h(
        "div",
        { class: "account-page" },
        h(
          "section",
          { class: "panel account" },
          h("h1", {}, t("account_title")),
          h("p", { class: "signed-in-as" }, t("account_signed_in_as", { name: account.name })),
          status,
          h(
            "form",
            { class: "rename", onsubmit: run((event) => session.rename(event.target.elements.display_name.value.trim()), "account_saved") },
            h("label", {}, h("span", {}, t("account_display_name")), h("input", { type: "text", name: "display_name", maxlength: 40, value: account.display_name })),
            h("button", { type: "submit" }, t("account_save")),
          ),
        ),
        passkeysSection(account),
        passwordSection(account),
        dataSection(account),
      ),
    );
  };
  render(); // and again when the account changes (app.js)
  return { render };
}
