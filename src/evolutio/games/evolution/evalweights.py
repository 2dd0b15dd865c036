"""Fitted weights of Evolution's search evaluator (``rollout.evaluate``): generated.

Made by ``python -m bench.evolution.evaluator --write``: a ridge regression of each
seat's final score on its features (``rollout.FEATURES``) over 46373 positions
sampled from 2360 self-play games (greedy:0.1 at 2-4 players, ismcts:20 at 2),
then the softmax temperature that best predicts the winner. Run it again to refit.
"""

#: one weight per ``rollout.FEATURES`` entry: a seat's expected final score.
WEIGHTS: tuple[float, ...] = (
    -1.6091831296993366,  # one
    0.9547608957297616,  # score
    0.1425219311983554,  # estimate
    0.8447277823618866,  # animals
    0.10834128993024612,  # traits
    0.6943909183881125,  # hand
    0.03140814810123065,  # unfed_points
    -2.506906850546481,  # deficit
    1.0857764083927268,  # fat
    1.1444110002513193,  # carnivores
    0.09814777516153506,  # defences
    0.024293912465972595,  # enemy_carnivores
    0.05747351589746605,  # discard
    8.02109589655564,  # one*deck
    -0.26859243384831827,  # score*deck
    -0.21649836780221332,  # estimate*deck
    1.9214808610052567,  # animals*deck
    0.6452096975743354,  # traits*deck
    0.607110835389508,  # hand*deck
    -0.25998166341897555,  # unfed_points*deck
    0.6626103553854247,  # deficit*deck
    -1.0785734527675184,  # fat*deck
    1.4909837602795175,  # carnivores*deck
    -0.366356524427934,  # defences*deck
    -1.9103216549316893,  # enemy_carnivores*deck
    -0.0787527926238034,  # discard*deck
    0.06402965119076644,  # one*feeding
    -1.5022538069039737,  # score*feeding
    0.6969360654786965,  # estimate*feeding
    0.17205015593538775,  # animals*feeding
    0.6147363069609314,  # traits*feeding
    -0.2920465465198025,  # hand*feeding
    0.1323699634517125,  # unfed_points*feeding
    2.13353462647293,  # deficit*feeding
    0.12885390463995294,  # fat*feeding
    -1.0644513909405524,  # carnivores*feeding
    0.042933351032276294,  # defences*feeding
    0.08908740112384979,  # enemy_carnivores*feeding
    -0.016708505090407742,  # discard*feeding
)
#: softness (points) of the win estimate from the expected scores.
TEMPERATURE = 6.25
