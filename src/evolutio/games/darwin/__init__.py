"""Darwin's Choice (seed 003): species built from animal parts in changing habitats."""
