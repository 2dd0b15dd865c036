// Darwin's Choice words for its renderer, in the shell's four languages.
export const strings = {
  en: { era: "Era", eras: "eras", event: "Event", decks: "Decks small / large", market: "Market",
        hand: "Hand", passed: "passed", requires: "Needs", forbidden: "never",
        adaptation: "Adaptation", best_adapted: "best adapted", building: "Building",
        players: "players", beginner: "beginners" },
  it: { era: "Era", eras: "Ere", event: "Evento", decks: "Mazzi piccole / grandi", market: "Mercato",
        hand: "Mano", passed: "ha passato", requires: "Requisiti", forbidden: "vietati",
        adaptation: "Adattamento", best_adapted: "meglio adattata", building: "In costruzione",
        players: "giocatori", beginner: "principianti" },
  de: { era: "Zeitalter", eras: "Zeitalter", event: "Ereignis", decks: "Stapel klein / groß",
        market: "Markt", hand: "Hand", passed: "gepasst", requires: "Braucht", forbidden: "nie",
        adaptation: "Anpassung", best_adapted: "am besten angepasst", building: "Im Bau",
        players: "Spieler", beginner: "Anfänger" },
  ru: { era: "Эра", eras: "эры", event: "Событие", decks: "Колоды малая / большая", market: "Рынок",
        hand: "Рука", passed: "пас", requires: "Требует", forbidden: "нельзя",
        adaptation: "Приспособленность", best_adapted: "лучше всех приспособлен",
        building: "Строится", players: "игроков", beginner: "для новичков" },
};
