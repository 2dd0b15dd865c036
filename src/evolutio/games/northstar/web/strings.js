// North Star's words on the table in English, German, Russian and Italian (trait names come
// from the server: /api/names/northstar).
export const strings = {
  en: {
    round: "Round", phase: "Phase", watering_hole: "Watering hole", deck: "Draw pile", discard: "Discard",
    last_round: "last round", food: "food", fat: "fat", body: "body size", pop: "population",
    body_short: "size", pop_short: "pop", face_down: "face down", switched_off: "switched off",
    first_player: "first player", bag: "bag", hand: "Hand", food_down: "food card down",
    choosing: "choosing food", done: "done", no_species: "no species", your_food_card: "Your food card",
    food_value: "food value", players: "players", phase_food: "choose food", phase_play: "play cards",
    phase_before: "before feeding", phase_feed: "feeding", phase_over: "game over",
  },
  de: {
    round: "Runde", phase: "Phase", watering_hole: "Wasserloch", deck: "Nachziehstapel", discard: "Ablage",
    last_round: "letzte Runde", food: "Nahrung", fat: "Fett", body: "Körpergröße", pop: "Population",
    body_short: "Größe", pop_short: "Pop.", face_down: "verdeckt", switched_off: "ausgeschaltet",
    first_player: "Startspieler", bag: "Sack", hand: "Hand", food_down: "Nahrungskarte liegt",
    choosing: "wählt Nahrung", done: "fertig", no_species: "keine Tierart", your_food_card: "Deine Nahrungskarte",
    food_value: "Nahrungswert", players: "Spieler", phase_food: "Nahrungsangebot festlegen",
    phase_play: "Karten ausspielen", phase_before: "Vor dem Fressen", phase_feed: "Fressen", phase_over: "Spielende",
  },
  ru: {
    round: "Раунд", phase: "Фаза", watering_hole: "Водопой", deck: "Колода", discard: "Сброс",
    last_round: "последний раунд", food: "еда", fat: "жир", body: "размер", pop: "популяция",
    body_short: "разм.", pop_short: "поп.", face_down: "рубашкой вверх", switched_off: "отключено",
    first_player: "первый игрок", bag: "мешок", hand: "Рука", food_down: "карта еды выложена",
    choosing: "выбирает еду", done: "готово", no_species: "нет видов", your_food_card: "Ваша карта еды",
    food_value: "значение еды", players: "игроков", phase_food: "выбор еды", phase_play: "розыгрыш карт",
    phase_before: "перед питанием", phase_feed: "питание", phase_over: "конец игры",
  },
  it: {
    round: "Round", phase: "Fase", watering_hole: "Pozza", deck: "Mazzo", discard: "Scarti",
    last_round: "ultimo round", food: "cibo", fat: "grasso", body: "taglia", pop: "popolazione",
    body_short: "tag.", pop_short: "pop.", face_down: "coperta", switched_off: "disattivato",
    first_player: "primo giocatore", bag: "sacco", hand: "Mano", food_down: "carta cibo giocata",
    choosing: "sceglie il cibo", done: "fatto", no_species: "nessuna specie", your_food_card: "La tua carta cibo",
    food_value: "valore di cibo", players: "giocatori", phase_food: "scelta del cibo", phase_play: "gioco delle carte",
    phase_before: "prima dell'alimentazione", phase_feed: "alimentazione", phase_over: "fine partita",
  },
};
