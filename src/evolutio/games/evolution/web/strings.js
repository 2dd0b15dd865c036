// Evolution's words on the table in English, Russian, Italian and German (trait names come
// from the server: /api/names/evolution).
export const strings = {
  en: {
    turn: "Turn", phase: "Phase", deck: "Deck", food: "Food bank", hand: "Hand", discard: "Discard",
    passed: "passed", fed: "fed", hibernating: "hibernating", poisoned: "poisoned", fat: "fat",
    last_turn: "last turn", attack: "Attack", links: "Links", development: "development",
    feeding: "feeding", extinction: "extinction", laurasia: "Laurasia", gondwana: "Gondwana",
    ocean: "Ocean", food_in: "food", this_step: "feeding turn in", on_table: "On the table",
    face_down: "face down", disabled: "does not work here", paralysed: "paralysed",
    traits_only: "waiting for a new animal", no_animals: "no animals",
  },
  ru: {
    turn: "Ход", phase: "Фаза", deck: "Колода", food: "Кормовая база", hand: "Рука",
    discard: "Сброс", passed: "пас", fed: "накормлено", hibernating: "в спячке",
    poisoned: "отравлено", fat: "жир", last_turn: "последний ход", attack: "Атака", links: "Связи",
    development: "развитие", feeding: "питание", extinction: "вымирание", laurasia: "Лавразия",
    gondwana: "Гондвана", ocean: "Океан", food_in: "корм", this_step: "ход питания в",
    on_table: "На столе", face_down: "рубашкой вверх", disabled: "здесь не действует",
    paralysed: "парализовано", traits_only: "ждёт нового животного", no_animals: "нет животных",
  },
  it: {
    turn: "Turno", phase: "Fase", deck: "Mazzo", food: "Cibo", hand: "Mano", discard: "Scarti",
    passed: "ha passato", fed: "nutrito", hibernating: "in letargo", poisoned: "avvelenato",
    fat: "grasso", last_turn: "ultimo turno", attack: "Attacco", links: "Legami",
    development: "sviluppo", feeding: "nutrimento", extinction: "estinzione", laurasia: "Laurasia",
    gondwana: "Gondwana", ocean: "Oceano", food_in: "cibo", this_step: "turno di nutrimento in",
    on_table: "Sul tavolo", face_down: "coperta", disabled: "qui non funziona",
    paralysed: "paralizzato", traits_only: "in attesa di un nuovo animale",
    no_animals: "nessun animale",
  },
  de: {
    turn: "Zug", phase: "Phase", deck: "Stapel", food: "Futter", hand: "Hand", discard: "Ablage",
    passed: "gepasst", fed: "satt", hibernating: "im Winterschlaf", poisoned: "vergiftet",
    fat: "Fett", last_turn: "letzter Zug", attack: "Angriff", links: "Verbindungen",
    development: "Entwicklung", feeding: "Fütterung", extinction: "Aussterben",
    laurasia: "Laurasia", gondwana: "Gondwana", ocean: "Ozean", food_in: "Futter",
    this_step: "Fütterungszug in", on_table: "Auf dem Tisch", face_down: "verdeckt",
    disabled: "wirkt hier nicht", paralysed: "gelähmt", traits_only: "wartet auf ein neues Tier",
    no_animals: "keine Tiere",
  },
};
