"""Benches of Darwin's Choice's own internals: the feasibility search."""
