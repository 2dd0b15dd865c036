"""Sentences for people in English, German, Russian and Italian (data/sentences.toml)."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from evolutio.core.game import Action, Event
from evolutio.core.plural import plural
from evolutio.core.words import addressed
from evolutio.games.northstar import actions as a
from evolutio.games.northstar import climate_texts
from evolutio.games.northstar import events as e
from evolutio.games.northstar.cards import trait_name
from evolutio.games.northstar.state import State

SIDES = {"left": {"en": "left", "de": "linken", "ru": "слева", "it": "sinistra"},
         "right": {"en": "right", "de": "rechten", "ru": "справа", "it": "destra"}}


@cache
def sentences() -> dict[str, dict[str, str]]:
    text = (
        resources.files("evolutio.games.northstar.data")
        .joinpath("sentences.toml")
        .read_text(encoding="utf-8")
    )
    return {k: dict(v) for k, v in tomllib.loads(text).items()}


def say(key: str, language: str, **values: Any) -> str:
    """The sentence ``key`` in ``language`` filled with ``values``; in the second person when
    its subject is the reader (``core.words.addressed``)."""
    texts = sentences()[addressed(key, values, sentences())]
    return (texts.get(language) or texts["en"]).format(**values)


def describe_choice(state: State, action: Action, language: str = "en") -> str:
    """A legal action's sentence for the player choosing it: a trait card played face down
    is named (the log's sentence, ``describe_action``, does not name it)."""
    if isinstance(action, a.PlayTrait) and 0 <= action.card < len(state.cards):
        name = trait_name(state.cards[action.card][0], language)
        return say("a_trait_choice", language, trait=name, species=action.species,
                   over=_over(state, action, language))
    return describe_action(state, action, language)


def _over(state: State, action: a.PlayTrait, language: str) -> str:
    """" over Climbing" when the card replaces a trait (a face-down one stays unnamed)."""
    if action.replace is None:
        return ""
    if action.replace in state.face_down or not 0 <= action.replace < len(state.cards):
        return say("over_hidden", language)
    return say("over", language, trait=trait_name(state.cards[action.replace][0], language))


def describe_action(state: State, action: Action, language: str = "en") -> str:
    def card(cid: int | None) -> str:
        if cid is None or not 0 <= cid < len(state.cards):
            return f"#{cid}"
        return trait_name(state.cards[cid][0], language)

    if isinstance(action, a.ChooseFood):
        food = state.cards[action.card][1] if 0 <= action.card < len(state.cards) else "?"
        return say("a_food", language, trait=card(action.card), food=food)
    if isinstance(action, a.NewSpecies):
        side = SIDES.get(action.side, {}).get(language, action.side)
        return say("a_species", language, trait=card(action.card), side=side)
    if isinstance(action, a.Grow):
        return say(f"a_{action.track}" if action.track in ("body", "pop") else "a_body",
                   language, trait=card(action.card), species=action.species)
    if isinstance(action, a.PlayTrait):
        over = _over(state, action, language)
        return say("a_trait", language, card=action.card, species=action.species, over=over)
    if isinstance(action, a.Done):
        return say("a_done", language)
    if isinstance(action, a.Pass):
        return say("a_pass", language)
    if isinstance(action, a.Use):
        extra = "" if action.card is None else say("a_use_card", language,
                                                    card=card(action.card))
        if action.negate:
            extra += say("negate", language, trait=trait_name(action.negate, language))
        return say("a_use", language, trait=trait_name(action.trait, language),
                   species=action.species, extra=extra)
    if isinstance(action, a.Eat):
        return say("a_eat", language, species=action.species)
    if isinstance(action, a.Attack):
        return say("a_attack", language, species=action.species, target=action.target)
    from evolutio.games.northstar import flight  # the Flight expansion's actions

    if isinstance(action, flight.NewAvian):
        side = SIDES.get(action.side, {}).get(language, action.side)
        return say("a_avian", language, trait=card(action.card), trait2=card(action.extra),
                   side=side)
    if isinstance(action, flight.EatCliff):
        return say("a_cliff", language, species=action.species)
    return action.notation()


def describe_event(event: Event, language: str = "en", seats: list[str] | None = None) -> str:
    def name(seat: int) -> str:
        return seats[seat] if seats and seat < len(seats) else f"#{seat + 1}"

    climate = climate_texts.describe(event, language)  # the Climate edition's phase 4
    if climate is not None:
        return climate
    if isinstance(event, e.RoundBegan):
        last = say("last", language) if event.last else ""
        return say("round", language, round=event.round, name=name(event.first_player),
                   last=last)
    if isinstance(event, e.Dealt | e.Drew):
        return say("drew", language, name=name(event.seat), count=event.count,
                   cards=forms("plural_cards", event.count, language))
    if isinstance(event, e.Reshuffled):
        return say("reshuffled", language, last_round=event.last_round)
    if isinstance(event, e.FoodChosen):
        return say("food_chosen", language, name=name(event.seat))
    if isinstance(event, e.FoodRevealed):
        values = ", ".join(f"{v:+d}" for v in event.values) or "-"
        return say("food_revealed", language, values=values, total=event.total,
                   watering_hole=event.watering_hole)
    if isinstance(event, e.Played):
        return say(f"played_{event.what}", language, name=name(event.seat),
                   species=event.species)
    if isinstance(event, e.TraitsRevealed):
        return say("traits_revealed", language)
    if isinstance(event, e.Used):
        negate = say("negate", language, trait=trait_name(event.negate, language)) \
            if event.negate else ""
        return say("used", language, name=name(event.seat), species=event.species,
                   trait=trait_name(event.trait, language), negate=negate)
    if isinstance(event, e.Took):
        return say("took", language, species=event.species, amount=_food(event, language),
                   why=_why(event, language))
    if isinstance(event, e.Attacked):
        return say("attacked", language, species=event.species, target=event.target)
    if isinstance(event, e.PopulationLost):
        return say("population_lost", language, species=event.species, amount=event.amount)
    if isinstance(event, e.Extinct):
        return say("extinct", language, name=name(event.seat), species=event.species,
                   traits=event.traits, cards=forms("plural_cards", event.traits, language))
    if isinstance(event, e.Passed):
        return say("passed", language, name=name(event.seat))
    if isinstance(event, e.Banked):
        return say("banked", language, name=name(event.seat),
                   amount=forms("plural_food", event.amount, language))
    if isinstance(event, e.NewBoard):
        return say("new_board", language, name=name(event.seat), species=event.species)
    if isinstance(event, e.GameOver):
        scores = ", ".join(f"{name(seat)} {score}" for seat, score in enumerate(event.scores))
        return say("game_over", language, scores=scores)
    return _flight_event(event, language)


def _flight_event(event: Event, language: str) -> str:
    """The Flight expansion's events (flight.py)."""
    from evolutio.games.northstar import flight

    if isinstance(event, flight.UpkeepPaid):
        return say("upkeep_paid", language, species=event.species, amount=event.amount)
    if isinstance(event, flight.CliffFilled):
        return say("cliff_filled", language, amount=event.amount, cliff=event.cliff)
    if isinstance(event, flight.EventCard):
        return say(event.event, language, cliff=event.cliff)
    if isinstance(event, flight.Reserve):
        return say("reserve_drawn", language, cards=event.cards, last_round=event.last_round)
    return ""


def forms(key: str, count: int, language: str) -> str:
    """The form of the word ``key`` (its forms "|"-separated) for ``count``, ``{n}`` filled."""
    return plural(count, language, say(key, language, n=count).split("|"))


def _food(event: e.Took, language: str) -> str:
    """"1 food", "2 fat", "1 food and 1 fat": what a species took."""
    food = forms("plural_food", event.food, language)
    if not event.fat:
        return food
    fat = forms("plural_fat", event.fat, language)
    return say("food_and_fat", language, food=food, fat=fat) if event.food else fat


def _why(event: e.Took, language: str) -> str:
    """Where the food came from: the watering hole, an attack, a trait ("" for the bank)."""
    if event.reason == "eat":
        return say("took_eat", language) if event.source == "plant" else ""
    if event.reason == "attack":
        return say("took_attack", language)
    if event.reason == "cliff":  # Flight
        return say("took_cliff", language)
    return say("took_trait", language, trait=trait_name(event.reason, language))


#: the traits used in the "before feeding" decision, named in its prompt
BEFORE_FEEDING = ("long_neck", "fertile", "fat_tissue", "intelligence")


#: the decisions whose prompt names the Flight expansion's choices (avian species, the Cliff)
FLIGHT_PROMPTS = ("play", "feed")


def describe_decision(kind: str, language: str = "en", flight: bool = False) -> str:
    """What the deciding player is asked (``prompt_<kind>``, with Flight
    ``prompt_<kind>_flight`` where its choices add to the decision) in ``language``."""
    traits = ", ".join(trait_name(t, language) for t in BEFORE_FEEDING)
    key = f"prompt_{kind}_flight" if flight and kind in FLIGHT_PROMPTS else f"prompt_{kind}"
    return say(key, language, traits=traits)
