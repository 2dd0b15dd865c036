"""The bottom of the contract: the JSON alias and the option error.

Both :mod:`evolutio.core.game` (the contract) and :mod:`evolutio.core.options` (declared
options) need them, and the contract names ``OptionSpec`` in its signatures: kept here, below
both, the two modules import in one direction. ``evolutio.core.game`` re-exports both names.
"""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]


class OptionError(ValueError):
    """An unknown option, a bad value, or options that do not go together.

    The message is English (the terminal prints it); ``code`` names the problem and
    ``params`` its parts, so that every face can say it in its reader's language:

    - ``unknown_option``: ``name`` (as given), ``names`` (the options there are);
    - ``bad_value``: ``name``, ``value`` (as given), and what the option allows: ``kind``,
      ``low`` and ``high`` (an ``int``), ``choices`` (a ``choice`` or ``multi``);
    - ``no_value``: ``name`` and what it allows, as for ``bad_value``;
    - ``together``: options each valid alone that do not go together; ``texts`` is the
      game's sentence by language code (``core.words.words``);
    - ``bad_options``: anything else (a face's own check); the message says it.
    """

    def __init__(self, message: str, code: str = "bad_options", **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params

    def text(self, language: str = "en") -> str:
        """The sentence of a ``together`` error in ``language`` when the game gave one,
        else the English message."""
        texts = self.params.get("texts")
        if isinstance(texts, dict) and isinstance(texts.get(language), str):
            return str(texts[language])
        return str(self)
