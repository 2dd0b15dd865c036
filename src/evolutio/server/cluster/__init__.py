"""Several server processes sharing rooms through the database and Redis (``serve --redis``).

:mod:`lease` says who owns a room, :mod:`node` runs this process's part (bus, renewals,
takeovers, the lobby's shared list), :mod:`remote` is the owner's proxy of a client connected
elsewhere and :mod:`relay` that client's side. docs/architecture.md has the design.
"""
