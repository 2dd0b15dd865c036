"""evolutio: a platform for the Evolution family of card games."""

__version__ = "0.1.0"
