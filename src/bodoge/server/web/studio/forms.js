// The studio's forms, by game. Each game's module takes the page's editing context
// ({content, change, setIn, number, render}) and gives `panels()` (a fieldset per content kind),
// `players` (the player counts a balance run or a table may have) and, for a game whose runs
// count stones, `stoneLabel(name)`. A game with variants but no forms here has no studio page.
import { collectForms } from "./collect.js";
import { koremonForms } from "./koremon.js";
import { monsterHexForms } from "./monster_hex.js";

export const FORMS = {
  monster_hex: monsterHexForms,
  collect: collectForms,
  koremon_trick: koremonForms("koremon_trick"),
  koremon_evolution: koremonForms("koremon_evolution"),
  koremon_auction: koremonForms("koremon_auction"),
  koremon_hunt: koremonForms("koremon_hunt"),
};
