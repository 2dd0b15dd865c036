"""Simulation: bot games in bulk across processes, statistics, plots and ratings."""
