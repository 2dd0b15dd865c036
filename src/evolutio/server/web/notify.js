// Telling players it is their move, without e-mail: the page title, and when the tab is
// hidden, a blinking title, a short sound (made with WebAudio; muted by a toggle kept in
// localStorage) and a desktop notification if the player allowed them (a button asks).
import { h } from "./api.js";
import { addStrings, t } from "./i18n.js";

addStrings("notify", {
  en: { your_move: "Your move", sound: "Sound", notify: "Desktop notifications", allowed: "Desktop notifications on",
    blocked: "Desktop notifications blocked by the browser", body: "It is your move in room {room}." },
  ru: { your_move: "Ваш ход", sound: "Звук", notify: "Уведомления на рабочем столе", allowed: "Уведомления включены",
    blocked: "Браузер запретил уведомления", body: "Ваш ход в комнате {room}." },
  it: { your_move: "Tocca a te", sound: "Suono", notify: "Notifiche sul desktop", allowed: "Notifiche attive",
    blocked: "Notifiche bloccate dal browser", body: "Tocca a te nella stanza {room}." },
  de: { your_move: "Du bist am Zug", sound: "Ton", notify: "Desktop-Benachrichtigungen", allowed: "Benachrichtigungen an",
    blocked: "Benachrichtigungen vom Browser blockiert", body: "Du bist am Zug in Raum {room}." },
});

const w = (key) => t(key, "notify");
const MUTE = "evolutio.mute";
const BASE = "evolutio";
let lastKey = null;
let blinker = null;
let audio = null;

export function muted() { return localStorage.getItem(MUTE) === "1"; }

function stopBlink() {
  if (blinker) { clearInterval(blinker); blinker = null; }
}

function startBlink() {
  stopBlink();
  let on = true;
  blinker = setInterval(() => {
    on = !on;
    document.title = `${on ? "(!)" : "( )"} ${w("your_move")} – ${BASE}`;
  }, 1000);
}

// Two short rising tones; nothing when muted or when the browser offers no WebAudio.
export function chime() {
  if (muted()) return false;
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return false;
  try {
    audio = audio || new Ctx();
    const now = audio.currentTime;
    [660, 880].forEach((freq, i) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.2, now + i * 0.18 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.18 + 0.16);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.18);
      osc.stop(now + i * 0.18 + 0.17);
    });
    return true;
  } catch { return false; }
}

function desktop(room, prompt) {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const note = new Notification(`${w("your_move")} – ${BASE}`, { body: prompt || w("body").replace("{room}", room), tag: `evolutio-${room}` });
    note.onclick = () => { window.focus(); note.close(); };
  } catch { /* some browsers allow notifications from a service worker only */ }
}

// Called on every table update: `mine` whether the player has a decision now, `key` names
// the decision (room and version) so each one is announced once.
export function notifyTurn(mine, key, room, prompt) {
  if (!mine) { stopBlink(); lastKey = null; document.title = BASE; return; }
  document.title = `(!) ${t("your_turn")} – ${BASE}`;
  if (key === lastKey) return;
  lastKey = key;
  if (document.hidden) { startBlink(); chime(); desktop(room, prompt); }
}

document.addEventListener("visibilitychange", () => {
  if (!document.hidden && blinker) { stopBlink(); document.title = `(!) ${t("your_turn")} – ${BASE}`; }
});

// The room's controls: the sound toggle and the button that asks for desktop notifications.
export function notifyControls() {
  const sound = h("input#notify-sound", { type: "checkbox", checked: !muted(),
    onchange: (ev) => { localStorage.setItem(MUTE, ev.target.checked ? "0" : "1"); if (ev.target.checked) chime(); } });
  const state = h("span.muted#notify-state");
  const ask = h("button#notify-ask", { onclick: async () => {
    try { await Notification.requestPermission(); } catch { /* an old browser: nothing to ask */ }
    show();
  } }, w("notify"));
  function show() {
    const supported = "Notification" in window;
    const permission = supported ? Notification.permission : "denied";
    ask.hidden = !supported || permission !== "default";
    state.textContent = permission === "granted" ? w("allowed") : permission === "denied" && supported ? w("blocked") : "";
  }
  show();
  return h("div.row.notify-controls#notify", {}, h("label", {}, sound, ` ${w("sound")}`), ask, state);
}
