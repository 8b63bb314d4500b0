"""Notifications: who is told what, when, in their language, through a transactional outbox.

  outbox.py    the one call from the records write path: rows written in the event's transaction
  messages.py  what each kind of notice says (templates in every language of the web app)
  delivery.py  the worker's task (django-tasks, database backend): claim, send, retry with backoff
  sms.py       the SMS gateway interface (no real gateway is configured here)
  reminders.py deadlines approaching and the officers' daily digest (`adhiniyam notify remind`)
"""
