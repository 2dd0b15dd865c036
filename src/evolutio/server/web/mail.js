// The settings page (/settings): the person's e-mail address, its verification, and what
// they agree to be sent ("your move" e-mails and their window, invitations, the daily
// digest). A server started without --smtp says it sends no e-mail (docs/protocol.md, "E-mail").
import { api, h } from "./api.js";
import { getLang } from "./i18n.js";

const WORDS = {
  en: { settings: "Settings", email: "E-mail", address: "Address", save: "Save", remove: "Remove",
    invite: "Invite by e-mail", invite_name: "Name", invited: "An invitation is on its way to {name}.", not_mailed: "{name} gets no invitations by e-mail; send them the link.",
    no_mail: "This server sends no e-mail.", account_needed: "Create an account to add an e-mail address.",
    unverified: "Not confirmed yet: open the link we sent to it. Nothing else is sent to it until then.",
    verified: "Confirmed.", sent: "A confirmation link is on its way to {address}.",
    your_move: "\"Your move\" e-mails for turn-based games", window: "At most one per game every",
    hours: "hours", invites: "Invitations to rooms", digest: "A daily summary of the games waiting for you (from {hour}:00 UTC)",
    saved: "Saved." },
  ru: { settings: "Настройки", email: "Почта", address: "Адрес", save: "Сохранить", remove: "Удалить",
    invite: "Пригласить по почте", invite_name: "Имя", invited: "Приглашение для {name} отправлено.", not_mailed: "{name} не получает приглашений по почте; пришлите ссылку.",
    no_mail: "Этот сервер не отправляет почту.", account_needed: "Создайте аккаунт, чтобы добавить адрес почты.",
    unverified: "Ещё не подтверждён: откройте ссылку из нашего письма. До тех пор больше ничего не отправляется.",
    verified: "Подтверждён.", sent: "Ссылка для подтверждения отправлена на {address}.",
    your_move: "Письма «ваш ход» в партиях по переписке", window: "Не чаще раза на партию в",
    hours: "ч", invites: "Приглашения в комнаты", digest: "Ежедневная сводка ждущих вас партий (с {hour}:00 по всемирному времени)",
    saved: "Сохранено." },
  it: { settings: "Impostazioni", email: "Posta elettronica", address: "Indirizzo", save: "Salva", remove: "Rimuovi",
    invite: "Invita per e-mail", invite_name: "Nome", invited: "Un invito è in arrivo a {name}.", not_mailed: "{name} non riceve inviti per e-mail; mandagli il link.",
    no_mail: "Questo server non invia e-mail.", account_needed: "Crea un account per aggiungere un indirizzo e-mail.",
    unverified: "Non ancora confermato: apri il link che ti abbiamo inviato. Fino ad allora non riceve altro.",
    verified: "Confermato.", sent: "Un link di conferma è in arrivo a {address}.",
    your_move: "E-mail \"tocca a te\" per le partite a turni", window: "Al massimo una per partita ogni",
    hours: "ore", invites: "Inviti nelle stanze", digest: "Un riepilogo quotidiano delle partite che ti aspettano (dalle {hour}:00 UTC)",
    saved: "Salvato." },
  de: { settings: "Einstellungen", email: "E-Mail", address: "Adresse", save: "Speichern", remove: "Entfernen",
    invite: "Per E-Mail einladen", invite_name: "Name", invited: "Eine Einladung an {name} ist unterwegs.", not_mailed: "{name} bekommt keine Einladungen per E-Mail; schick den Link.",
    no_mail: "Dieser Server verschickt keine E-Mails.", account_needed: "Lege ein Konto an, um eine E-Mail-Adresse hinzuzufügen.",
    unverified: "Noch nicht bestätigt: öffne den Link, den wir geschickt haben. Bis dahin geht nichts anderes dorthin.",
    verified: "Bestätigt.", sent: "Ein Bestätigungslink ist unterwegs an {address}.",
    your_move: "„Du bist am Zug“-E-Mails für Partien mit Tagen pro Zug", window: "Höchstens eine pro Partie alle",
    hours: "Stunden", invites: "Einladungen in Räume", digest: "Eine tägliche Übersicht der Partien, die auf dich warten (ab {hour}:00 UTC)",
    saved: "Gespeichert." },
};

export function mw(key, fields = {}) {
  const lang = getLang();
  const text = (WORDS[lang] && WORDS[lang][key]) || WORDS.en[key] || key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(fields[name] ?? ""));
}

// The e-mail panel of the settings page, drawn again after every change.
export async function mailPanel(session) {
  const panel = h("div.panel#mail", {}, h("h3", {}, mw("email")));
  const draw = async (note = "") => {
    const s = await api("/api/mail");
    const body = [h("h3", {}, mw("email"))];
    if (!s.enabled) {
      body.push(h("p.muted#mail-off", {}, mw("no_mail")));
      return panel.replaceChildren(...body);
    }
    if (!session.user || !session.user.account) {
      body.push(h("p.muted", {}, mw("account_needed")));
      return panel.replaceChildren(...body);
    }
    const error = h("p.error", { role: "alert" });
    const address = h("input#mail-address", { type: "email", value: s.address || "", maxlength: 254, autocomplete: "email" });
    const save = h("button#mail-save", { onclick: async () => {
      try {
        const value = address.value.trim();
        await api("/api/mail/address", { body: { address: value } });
        await draw(value ? mw("sent", { address: value }) : "");
      } catch (e) { error.textContent = e.message; }
    } }, mw("save"));
    body.push(h("div.row", {}, h("label", {}, `${mw("address")} `, address), save));
    if (s.address) body.push(h("p#mail-state", { class: s.verified ? "" : "muted" }, s.verified ? mw("verified") : mw("unverified")));
    if (note) body.push(h("p#mail-note", {}, note));
    if (s.address) {
      const setting = async (change) => {
        try { await api("/api/mail/settings", { body: { ...change, lang: getLang() } }); await draw(mw("saved")); } catch (e) { error.textContent = e.message; }
      };
      const box = (key, label) => h("label", {}, h("input", { type: "checkbox", name: key, checked: s[key],
        onchange: (ev) => setting({ [key]: ev.target.checked }) }), ` ${label}`);
      const window = h("select#mail-window", { onchange: (ev) => setting({ window: Number(ev.target.value) }) },
        s.windows.map((n) => h("option", { value: n, selected: n === s.window }, String(n))));
      body.push(h("div.row", {}, box("your_move", mw("your_move"))),
        h("div.row", {}, h("label", {}, `${mw("window")} `, window, ` ${mw("hours")}`)),
        h("div.row", {}, box("invites", mw("invites"))),
        h("div.row", {}, box("digest", mw("digest", { hour: s.digest_hour }))));
    }
    body.push(error);
    panel.replaceChildren(...body);
  };
  await draw();
  return panel;
}

// In a room: invite a person by name to this room by e-mail (shown only when the server
// sends e-mail and the viewer is logged in; the server says whether they may invite).
export function inviteControl(roomId, session) {
  const slot = h("div#invite-slot");
  if (!session.user) return slot;
  api("/api/mail").then((s) => {
    if (!s.enabled) return;
    const name = h("input#mail-invite-name", { placeholder: mw("invite_name"), maxlength: 24 });
    const note = h("span.muted#mail-invite-note", { role: "status" });
    const go = h("button#mail-invite-send", { onclick: async () => {
      if (!name.value.trim()) return;
      try {
        const r = await api(`/api/rooms/${encodeURIComponent(roomId)}/invite-by-mail`, { body: { name: name.value.trim() } });
        note.textContent = r.mailed ? mw("invited", { name: r.invited }) : mw("not_mailed", { name: r.invited });
        name.value = "";
      } catch (e) { note.textContent = e.message; }
    } }, mw("invite"));
    slot.replaceChildren(h("div.row", {}, name, go), note);
  }).catch(() => {});
  return slot;
}

export async function showSettings(app, session) {
  try {
    app.replaceChildren(h("div.panel", {}, h("h2", {}, mw("settings"))), await mailPanel(session));
  } catch (e) { app.replaceChildren(h("div.panel.error", {}, e.message)); }
}
