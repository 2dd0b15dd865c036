// UI strings in English, Russian, Italian and German; card names come from the server.
const STRINGS = {
  en: {
    lobby: "Lobby", leaderboard: "Leaderboard", profile: "Profile", name: "Name",
    password: "Password", play_as_guest: "Play as guest", login: "Log in", register: "Create account",
    logout: "Log out", rooms: "Rooms", finished_games: "Finished games", create_room: "Create a room",
    players: "Players", edition: "Edition", clock: "Clock (s per decision, 0 = none)", create: "Create",
    open: "open", playing: "playing", over: "over", join: "Join", watch: "Watch", seats: "Seats",
    free: "free", away: "away", leave: "Leave", start: "Start", add_bot: "Add bot", kick: "Kick",
    chat: "Chat", send: "Send", log: "Game log", your_turn: "Your decision", waiting: "Waiting for",
    turn: "Turn", phase: "Phase", deck: "Deck", food: "Food bank", hand: "Hand", discard: "Discard",
    passed: "passed", fed: "fed", hibernating: "hibernating", poisoned: "poisoned", fat: "fat",
    last_turn: "last turn", scores: "Scores", replay: "Replay", download: "Download record",
    rating: "Rating", games: "Games", wins: "Wins", recent: "Recent games", score: "Score", rank: "Rank",
    step: "Step", prev: "Previous", next: "Next", first: "First", last: "Last", spectator: "You are watching.",
    actions: "Legal actions", clear: "Clear selection", seconds: "s", no_rooms: "No rooms yet.",
    bot_plays: "a bot plays for this seat", attack: "Attack", links: "Links", you: "you",
    development: "development", feeding: "feeding", extinction: "extinction", game_over: "The game is over",
    connecting: "Connecting…", reconnecting: "Connection lost; reconnecting…", room: "Room",
    copy_link: "Invite link", expansions: "Expansions",
    laurasia: "Laurasia", gondwana: "Gondwana", ocean: "Ocean", food_in: "food",
    this_step: "feeding turn in", on_table: "On the table", face_down: "face down",
    disabled: "does not work here", paralysed: "paralysed", traits_only: "waiting for a new animal",
    no_animals: "no animals", base: "Base game", time_to_fly: "Time to Fly", gift: "Gift cards",
    continents: "Continents", half_deck: "Half deck", options: "Options",
  },
  ru: {
    lobby: "Лобби", leaderboard: "Рейтинг", profile: "Профиль", name: "Имя",
    password: "Пароль", play_as_guest: "Играть как гость", login: "Войти", register: "Создать аккаунт",
    logout: "Выйти", rooms: "Комнаты", finished_games: "Сыгранные партии", create_room: "Создать комнату",
    players: "Игроки", edition: "Издание", clock: "Часы (с на решение, 0 = без)", create: "Создать",
    open: "открыта", playing: "идёт игра", over: "окончена", join: "Войти", watch: "Смотреть", seats: "Места",
    free: "свободно", away: "отошёл", leave: "Уйти", start: "Начать", add_bot: "Добавить бота", kick: "Убрать",
    chat: "Чат", send: "Отправить", log: "Ход игры", your_turn: "Ваше решение", waiting: "Ждём",
    turn: "Ход", phase: "Фаза", deck: "Колода", food: "Кормовая база", hand: "Рука", discard: "Сброс",
    passed: "пас", fed: "накормлено", hibernating: "в спячке", poisoned: "отравлено", fat: "жир",
    last_turn: "последний ход", scores: "Очки", replay: "Повтор", download: "Скачать запись",
    rating: "Рейтинг", games: "Партии", wins: "Победы", recent: "Последние партии", score: "Очки", rank: "Место",
    step: "Шаг", prev: "Назад", next: "Вперёд", first: "В начало", last: "В конец", spectator: "Вы зритель.",
    actions: "Возможные действия", clear: "Сбросить выбор", seconds: "с", no_rooms: "Комнат пока нет.",
    bot_plays: "за это место играет бот", attack: "Атака", links: "Связи", you: "вы",
    development: "развитие", feeding: "питание", extinction: "вымирание", game_over: "Игра окончена",
    connecting: "Подключение…", reconnecting: "Связь потеряна; переподключение…", room: "Комната",
    copy_link: "Ссылка-приглашение", expansions: "Дополнения",
    laurasia: "Лавразия", gondwana: "Гондвана", ocean: "Океан", food_in: "корм",
    this_step: "ход питания в", on_table: "На столе", face_down: "рубашкой вверх",
    disabled: "здесь не действует", paralysed: "парализовано", traits_only: "ждёт нового животного",
    no_animals: "нет животных", base: "Базовая игра", time_to_fly: "Время летать", gift: "Подарочный набор",
    continents: "Континенты", half_deck: "Половина колоды", options: "Настройки",
  },
  it: {
    lobby: "Sala", leaderboard: "Classifica", profile: "Profilo", name: "Nome",
    password: "Password", play_as_guest: "Gioca come ospite", login: "Accedi", register: "Crea account",
    logout: "Esci", rooms: "Stanze", finished_games: "Partite concluse", create_room: "Crea una stanza",
    players: "Giocatori", edition: "Edizione", clock: "Orologio (s per decisione, 0 = nessuno)", create: "Crea",
    open: "aperta", playing: "in gioco", over: "conclusa", join: "Entra", watch: "Guarda", seats: "Posti",
    free: "libero", away: "assente", leave: "Lascia", start: "Inizia", add_bot: "Aggiungi bot", kick: "Rimuovi",
    chat: "Chat", send: "Invia", log: "Registro", your_turn: "Tocca a te", waiting: "In attesa di",
    turn: "Turno", phase: "Fase", deck: "Mazzo", food: "Cibo", hand: "Mano", discard: "Scarti",
    passed: "ha passato", fed: "nutrito", hibernating: "in letargo", poisoned: "avvelenato", fat: "grasso",
    last_turn: "ultimo turno", scores: "Punteggi", replay: "Rivedi", download: "Scarica la partita",
    rating: "Punteggio", games: "Partite", wins: "Vittorie", recent: "Partite recenti", score: "Punti", rank: "Posto",
    step: "Passo", prev: "Indietro", next: "Avanti", first: "Inizio", last: "Fine", spectator: "Stai guardando.",
    actions: "Azioni possibili", clear: "Annulla selezione", seconds: "s", no_rooms: "Ancora nessuna stanza.",
    bot_plays: "un bot gioca per questo posto", attack: "Attacco", links: "Legami", you: "tu",
    development: "sviluppo", feeding: "nutrimento", extinction: "estinzione", game_over: "La partita è finita",
    connecting: "Connessione…", reconnecting: "Connessione persa; riconnessione…", room: "Stanza",
    copy_link: "Link di invito", expansions: "Espansioni",
    laurasia: "Laurasia", gondwana: "Gondwana", ocean: "Oceano", food_in: "cibo",
    this_step: "turno di nutrimento in", on_table: "Sul tavolo", face_down: "coperta",
    disabled: "qui non funziona", paralysed: "paralizzato", traits_only: "in attesa di un nuovo animale",
    no_animals: "nessun animale", base: "Gioco base", time_to_fly: "Tempo di volare", gift: "Carte regalo",
    continents: "Continenti", half_deck: "Mezzo mazzo", options: "Opzioni",
  },
  de: {
    lobby: "Lobby", leaderboard: "Rangliste", profile: "Profil", name: "Name",
    password: "Passwort", play_as_guest: "Als Gast spielen", login: "Anmelden", register: "Konto anlegen",
    logout: "Abmelden", rooms: "Räume", finished_games: "Beendete Partien", create_room: "Raum erstellen",
    players: "Spieler", edition: "Edition", clock: "Uhr (s pro Entscheidung, 0 = keine)", create: "Erstellen",
    open: "offen", playing: "läuft", over: "beendet", join: "Beitreten", watch: "Zuschauen", seats: "Plätze",
    free: "frei", away: "abwesend", leave: "Verlassen", start: "Starten", add_bot: "Bot hinzufügen", kick: "Entfernen",
    chat: "Chat", send: "Senden", log: "Spielverlauf", your_turn: "Deine Entscheidung", waiting: "Warten auf",
    turn: "Zug", phase: "Phase", deck: "Stapel", food: "Futter", hand: "Hand", discard: "Ablage",
    passed: "gepasst", fed: "satt", hibernating: "im Winterschlaf", poisoned: "vergiftet", fat: "Fett",
    last_turn: "letzter Zug", scores: "Punkte", replay: "Wiederholung", download: "Partie herunterladen",
    rating: "Wertung", games: "Partien", wins: "Siege", recent: "Letzte Partien", score: "Punkte", rank: "Platz",
    step: "Schritt", prev: "Zurück", next: "Weiter", first: "Anfang", last: "Ende", spectator: "Du schaust zu.",
    actions: "Mögliche Aktionen", clear: "Auswahl aufheben", seconds: "s", no_rooms: "Noch keine Räume.",
    bot_plays: "ein Bot spielt diesen Platz", attack: "Angriff", links: "Verbindungen", you: "du",
    development: "Entwicklung", feeding: "Fütterung", extinction: "Aussterben", game_over: "Die Partie ist vorbei",
    connecting: "Verbinde…", reconnecting: "Verbindung verloren; verbinde neu…", room: "Raum",
    copy_link: "Einladungslink", expansions: "Erweiterungen",
    laurasia: "Laurasia", gondwana: "Gondwana", ocean: "Ozean", food_in: "Futter",
    this_step: "Fütterungszug in", on_table: "Auf dem Tisch", face_down: "verdeckt",
    disabled: "wirkt hier nicht", paralysed: "gelähmt", traits_only: "wartet auf ein neues Tier",
    no_animals: "keine Tiere", base: "Grundspiel", time_to_fly: "Zeit zu fliegen", gift: "Geschenkkarten",
    continents: "Kontinente", half_deck: "Halbes Deck", options: "Optionen",
  },
};

let lang = localStorage.getItem("evolutio.lang") || (navigator.language || "en").slice(0, 2);
if (!STRINGS[lang]) lang = "en";
const cardNames = {};

export function getLang() { return lang; }
export function setLang(value) {
  if (STRINGS[value]) { lang = value; localStorage.setItem("evolutio.lang", value); }
}
export function t(key) { return (STRINGS[lang] && STRINGS[lang][key]) || STRINGS.en[key] || key; }

export async function loadNames(game) {
  if (cardNames[game]) return;
  try {
    const res = await fetch(`/api/names/${encodeURIComponent(game)}`);
    cardNames[game] = res.ok ? (await res.json()).names : {};
  } catch { cardNames[game] = {}; }
}

// The display name of a trait identifier in the chosen language (falls back to English, then the id).
export function traitName(game, id) {
  const names = cardNames[game] || {};
  return (names[lang] && names[lang][id]) || (names.en && names.en[id]) || String(id).replaceAll("_", " ");
}

export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
