"""Benchmarks that print figures, run from the checkout's root as ``python -m bench.<name>``.

``bench.playout`` is the one loop that plays games for them, ``bench.trees`` runs the same
probe on this checkout and on another revision (``--compare REF``) in one run; the other
modules are the benches (docs/benchmarks.md lists them and their current figures). Nothing
here asserts a time.
"""
