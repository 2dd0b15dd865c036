"""Move-by-move analysis of finished games: a search at every real decision of a record.

``analyse(record, budget, progress=callback) -> Analysis`` (:mod:`.engine`); the labels,
accuracy and JSON form (:mod:`.review`); the evaluation chart (:mod:`.chart`, matplotlib).
"""

from evolutio.analysis.engine import analyse, local_mapper
from evolutio.analysis.review import Analysis, DecisionReview, SeatSummary

__all__ = ["Analysis", "DecisionReview", "SeatSummary", "analyse", "local_mapper"]
