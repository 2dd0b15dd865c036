"""Registers the toy game used by the bot tests."""

from evolutio.core.registry import register

