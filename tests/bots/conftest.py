"""Registers the toy game used by the bot tests."""


