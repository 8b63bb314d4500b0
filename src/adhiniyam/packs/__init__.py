"""Law-pack versions: every installed version of a pack kept, content-addressed, so a case is
evaluated under the version it is bound to and a past decision can be re-explained under the law as
encoded then; `adhiniyam law impact` shows what a new version changes in open cases; an
administrator approves an upgrade for a body, and its cases are re-bound in one transaction.

  store.py    keep and load stored versions (the files, keyed by the pack's content hash)
  impact.py   re-evaluate open cases under two versions; what differs, and the rule that changed
  upgrade.py  re-bind a body's open cases to a new version, with an event on each
  views.py    the State administrator's upgrade page
"""
