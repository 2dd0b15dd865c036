// The shell's words in English, Russian, Italian and German. A game's renderer brings its own
// words (its `strings` export), kept under the game's name: t(key, game) looks there first.
// Names of a game's pieces (cards, ...) come from the server (/api/names/GAME) via label().
const STRINGS = {
  en: {
    lobby: "Lobby", puzzles: "Puzzles", leaderboard: "Leaderboard", profile: "Profile", name: "Name",
    password: "Password", play_as_guest: "Play as guest", login: "Log in", register: "Create account",
    logout: "Log out", rooms: "Rooms", finished_games: "Finished games", create_room: "Create a room",
    players: "Players", clock: "Clock (s per decision, 0 = none)", create: "Create",
    open: "open", playing: "playing", over: "over", closed: "closed", join: "Join", watch: "Watch", my_games: "My games", return: "Return", seats: "Seats",
    free: "free", away: "away", leave: "Leave", start: "Start", add_bot: "Add bot", kick: "Kick",
    chat: "Chat", send: "Send", log: "Game log", your_turn: "Your decision", waiting: "Waiting for",
    scores: "Scores", replay: "Replay", download: "Download record",
    rules_changed: "This game was played under rules {n}; the rules changed since:",
    rating: "Rating", games: "Games", wins: "Wins", recent: "Recent games", score: "Score", rank: "Rank",
    step: "Step", prev: "Previous", next: "Next", first: "First", last: "Last", spectator: "You are watching.",
    actions: "Legal actions", clear: "Clear selection", seconds: "s", no_rooms: "No rooms yet.",
    bot_plays: "a bot plays for this seat", you: "you", game_over: "The game is over",
    connecting: "Connecting…", reconnecting: "Connection lost; reconnecting…", room: "Room",
    copy_link: "Invite link", options: "Options", game: "Game", hidden: "hidden",
    chosen: "Chosen; waiting for the others", progress: "chosen", bot: "bot", yes: "yes", no: "no",
    no_games: "No games rated yet.",
    analysis: "Analysis", analyse: "Analyse",
    analyse_what: "A search replays every decision of this game and tells how much each move gave up.",
    analysis_off: "This server does not analyse games.",
    analysis_queued: "Waiting for a worker: place {n} in the queue.", analysis_running: "Analysing: {done} of {total} decisions.",
    analysis_failed: "The analysis failed: {reason}", analysis_budget: "Search: {budget} iterations per decision.",
    analysis_chart: "Estimated win share of each player over the game",
    analysis_legend: "Each player's estimated win share at their decisions; click a point to see that move. ?! inaccuracy, ? mistake, ?? blunder.",
    accuracy: "Accuracy", inaccuracy: "inaccuracy", mistake: "mistake", blunder: "blunder", better_was: "better was",
  },
  ru: {
    lobby: "Лобби", puzzles: "Задачи", leaderboard: "Рейтинг", profile: "Профиль", name: "Имя",
    password: "Пароль", play_as_guest: "Играть как гость", login: "Войти", register: "Создать аккаунт",
    logout: "Выйти", rooms: "Комнаты", finished_games: "Сыгранные партии", create_room: "Создать комнату",
    players: "Игроки", clock: "Часы (с на решение, 0 = без)", create: "Создать",
    open: "открыта", playing: "идёт игра", over: "окончена", closed: "закрыта", join: "Войти", watch: "Смотреть", my_games: "Мои партии", return: "Вернуться", seats: "Места",
    free: "свободно", away: "отошёл", leave: "Уйти", start: "Начать", add_bot: "Добавить бота", kick: "Убрать",
    chat: "Чат", send: "Отправить", log: "Ход игры", your_turn: "Ваше решение", waiting: "Ждём",
    scores: "Очки", replay: "Повтор", download: "Скачать запись",
    rules_changed: "Эта партия сыграна по правилам версии {n}; с тех пор правила изменились:",
    rating: "Рейтинг", games: "Партии", wins: "Победы", recent: "Последние партии", score: "Очки", rank: "Место",
    step: "Шаг", prev: "Назад", next: "Вперёд", first: "В начало", last: "В конец", spectator: "Вы зритель.",
    actions: "Возможные действия", clear: "Сбросить выбор", seconds: "с", no_rooms: "Комнат пока нет.",
    bot_plays: "за это место играет бот", you: "вы", game_over: "Игра окончена",
    connecting: "Подключение…", reconnecting: "Связь потеряна; переподключение…", room: "Комната",
    copy_link: "Ссылка-приглашение", options: "Настройки", game: "Игра", hidden: "скрыто",
    chosen: "Выбор сделан; ждём остальных", progress: "выбрали", bot: "бот", yes: "да", no: "нет",
    no_games: "Рейтинговых партий пока нет.",
    analysis: "Разбор", analyse: "Разобрать",
    analysis_off: "Этот сервер не разбирает партии.",
    analyse_what: "Поиск переигрывает каждое решение партии и показывает, сколько отдал каждый ход.",
    analysis_queued: "Ждём свободного обработчика: {n}-е место в очереди.", analysis_running: "Разбор: {done} из {total} решений.",
    analysis_failed: "Разбор не удался: {reason}", analysis_budget: "Поиск: {budget} итераций на решение.",
    analysis_chart: "Оценка шансов на победу каждого игрока по ходу партии",
    analysis_legend: "Оценка шансов игрока на победу в моменты его решений; нажмите на точку, чтобы увидеть ход. ?! неточность, ? ошибка, ?? грубая ошибка.",
    accuracy: "Точность", inaccuracy: "неточность", mistake: "ошибка", blunder: "грубая ошибка", better_was: "лучше было",
  },
  it: {
    lobby: "Sala", puzzles: "Problemi", leaderboard: "Classifica", profile: "Profilo", name: "Nome",
    password: "Password", play_as_guest: "Gioca come ospite", login: "Accedi", register: "Crea account",
    logout: "Esci", rooms: "Stanze", finished_games: "Partite concluse", create_room: "Crea una stanza",
    players: "Giocatori", clock: "Orologio (s per decisione, 0 = nessuno)", create: "Crea",
    open: "aperta", playing: "in gioco", over: "conclusa", closed: "chiusa", join: "Entra", watch: "Guarda", my_games: "Le mie partite", return: "Torna", seats: "Posti",
    free: "libero", away: "assente", leave: "Lascia", start: "Inizia", add_bot: "Aggiungi bot", kick: "Rimuovi",
    chat: "Chat", send: "Invia", log: "Registro", your_turn: "Tocca a te", waiting: "In attesa di",
    scores: "Punteggi", replay: "Rivedi", download: "Scarica la partita",
    rules_changed: "Questa partita è stata giocata con le regole {n}; da allora le regole sono cambiate:",
    rating: "Punteggio", games: "Partite", wins: "Vittorie", recent: "Partite recenti", score: "Punti", rank: "Posto",
    step: "Passo", prev: "Indietro", next: "Avanti", first: "Inizio", last: "Fine", spectator: "Stai guardando.",
    actions: "Azioni possibili", clear: "Annulla selezione", seconds: "s", no_rooms: "Ancora nessuna stanza.",
    bot_plays: "un bot gioca per questo posto", you: "tu", game_over: "La partita è finita",
    connecting: "Connessione…", reconnecting: "Connessione persa; riconnessione…", room: "Stanza",
    copy_link: "Link di invito", options: "Opzioni", game: "Gioco", hidden: "nascosto",
    chosen: "Scelta fatta; in attesa degli altri", progress: "hanno scelto", bot: "bot", yes: "sì", no: "no",
    no_games: "Ancora nessuna partita valutata.",
    analysis: "Analisi", analyse: "Analizza",
    analyse_what: "Una ricerca rigioca ogni decisione della partita e dice quanto ha ceduto ogni mossa.",
    analysis_off: "Questo server non analizza le partite.",
    analysis_queued: "In attesa di un processo: posto {n} in coda.", analysis_running: "Analisi: {done} di {total} decisioni.",
    analysis_failed: "L'analisi non è riuscita: {reason}", analysis_budget: "Ricerca: {budget} iterazioni per decisione.",
    analysis_chart: "Probabilità stimata di vittoria di ogni giocatore nel corso della partita",
    analysis_legend: "Probabilità stimata di vittoria di ogni giocatore alle sue decisioni; clicca un punto per vedere la mossa. ?! imprecisione, ? errore, ?? grave errore.",
    accuracy: "Precisione", inaccuracy: "imprecisione", mistake: "errore", blunder: "grave errore", better_was: "era meglio",
  },
  de: {
    lobby: "Lobby", puzzles: "Aufgaben", leaderboard: "Rangliste", profile: "Profil", name: "Name",
    password: "Passwort", play_as_guest: "Als Gast spielen", login: "Anmelden", register: "Konto anlegen",
    logout: "Abmelden", rooms: "Räume", finished_games: "Beendete Partien", create_room: "Raum erstellen",
    players: "Spieler", clock: "Uhr (s pro Entscheidung, 0 = keine)", create: "Erstellen",
    open: "offen", playing: "läuft", over: "beendet", closed: "geschlossen", join: "Beitreten", watch: "Zuschauen", my_games: "Meine Partien", return: "Zurück", seats: "Plätze",
    free: "frei", away: "abwesend", leave: "Verlassen", start: "Starten", add_bot: "Bot hinzufügen", kick: "Entfernen",
    chat: "Chat", send: "Senden", log: "Spielverlauf", your_turn: "Deine Entscheidung", waiting: "Warten auf",
    scores: "Punkte", replay: "Wiederholung", download: "Partie herunterladen",
    rules_changed: "Diese Partie wurde nach Regeln {n} gespielt; seitdem haben sich die Regeln geändert:",
    rating: "Wertung", games: "Partien", wins: "Siege", recent: "Letzte Partien", score: "Punkte", rank: "Platz",
    step: "Schritt", prev: "Zurück", next: "Weiter", first: "Anfang", last: "Ende", spectator: "Du schaust zu.",
    actions: "Mögliche Aktionen", clear: "Auswahl aufheben", seconds: "s", no_rooms: "Noch keine Räume.",
    bot_plays: "ein Bot spielt diesen Platz", you: "du", game_over: "Die Partie ist vorbei",
    connecting: "Verbinde…", reconnecting: "Verbindung verloren; verbinde neu…", room: "Raum",
    copy_link: "Einladungslink", options: "Optionen", game: "Spiel", hidden: "verdeckt",
    chosen: "Gewählt; warte auf die anderen", progress: "gewählt", bot: "Bot", yes: "ja", no: "nein",
    no_games: "Noch keine gewerteten Partien.",
    analysis: "Analyse", analyse: "Analysieren",
    analyse_what: "Eine Suche spielt jede Entscheidung der Partie nach und sagt, wie viel jeder Zug hergab.",
    analysis_off: "Dieser Server analysiert keine Partien.",
    analysis_queued: "Warte auf einen freien Prozess: Platz {n} in der Warteschlange.", analysis_running: "Analyse: {done} von {total} Entscheidungen.",
    analysis_failed: "Die Analyse ist fehlgeschlagen: {reason}", analysis_budget: "Suche: {budget} Iterationen pro Entscheidung.",
    analysis_chart: "Geschätzte Siegchance jedes Spielers im Verlauf der Partie",
    analysis_legend: "Geschätzte Siegchance jedes Spielers bei seinen Entscheidungen; ein Klick auf einen Punkt zeigt den Zug. ?! Ungenauigkeit, ? Fehler, ?? grober Fehler.",
    accuracy: "Genauigkeit", inaccuracy: "Ungenauigkeit", mistake: "Fehler", blunder: "grober Fehler", better_was: "besser war",
  },
};

const GAME_STRINGS = {};
const pieceNames = {};

let lang = localStorage.getItem("evolutio.lang") || (navigator.language || "en").slice(0, 2);
if (!STRINGS[lang]) lang = "en";

export function getLang() { return lang; }
export function setLang(value) {
  if (STRINGS[value]) { lang = value; localStorage.setItem("evolutio.lang", value); }
}

// A text in the page's language: the game's words first (when `game` is given), then the
// shell's, each falling back to English, and at last the key itself.
export function t(key, game = null) {
  const own = game && GAME_STRINGS[game];
  if (own) {
    const text = (own[lang] && own[lang][key]) || (own.en && own.en[key]);
    if (text) return text;
  }
  return (STRINGS[lang] && STRINGS[lang][key]) || STRINGS.en[key] || key;
}

// A count and its noun in the page's language: `forms` is the noun's forms joined by "|" in
// CLDR's order (one|other; Russian one|few|many), picked by the browser's CLDR plural rules
// (Intl.PluralRules, the rules core/plural.py holds for the server): "1 player", "5 игроков".
const PLURAL_ORDER = { ru: ["one", "few", "many"] };
export function counted(n, forms) {
  const words = String(forms).split("|");
  const order = PLURAL_ORDER[lang] || ["one", "other"];
  const at = order.indexOf(new Intl.PluralRules(lang).select(Number(n)));
  return `${n} ${words[Math.min(at < 0 ? order.length - 1 : at, words.length - 1)]}`;
}

// A renderer's `strings` export ({lang: {key: text}}), kept under its game.
export function addStrings(game, strings) { GAME_STRINGS[game] = strings || {}; }

// A text given per language ({en: "...", ru: "..."}) in the page's language.
export function localized(texts, fallback = "") {
  if (!texts) return fallback;
  return texts[lang] || texts.en || Object.values(texts)[0] || fallback;
}

export async function loadNames(game) {
  if (pieceNames[game]) return;
  try {
    const res = await fetch(`/api/names/${encodeURIComponent(game)}`);
    pieceNames[game] = res.ok ? (await res.json()).names : {};
  } catch { pieceNames[game] = {}; }
}

// The display name of one of a game's identifiers in the page's language (falls back to
// English, then to the id with spaces for underscores).
export function label(game, id) {
  const names = pieceNames[game] || {};
  return (names[lang] && names[lang][id]) || (names.en && names.en[id]) || String(id).replaceAll("_", " ");
}

export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
