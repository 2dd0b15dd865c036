"""E-mail by consent: verified addresses, "your move" reminders, invitations, a daily digest.

``smtp`` reads the server's ``--smtp`` URL and hands one message to that server; ``tokens``
signs the links an e-mail carries (verification, unsubscribe); ``compose`` writes the
e-mails in the person's language (plain text and simple HTML); ``mailer`` keeps the queue in
the database, sends it with retries and backoff, and finds whose move it is; ``routes`` are
the HTTP endpoints (docs/protocol.md, "E-mail"). Without ``--smtp`` nothing is queued or
sent, and the settings say so.
"""
