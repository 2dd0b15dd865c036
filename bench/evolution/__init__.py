"""Benches of Evolution's own internals: its listing of legal actions, its instruction
count, its evaluator and its bots' older tables."""
