"""Local law: bye-laws, rules, notifications, district orders, resolutions and fee schedules as dated
layers over each Act, with the named areas they apply to.

    from adhiniyam.locallaw.services import instruments_for, add_instrument
    instruments_for(body, on=None)   # the State's, the district's and the body's own, as the engine takes them

Every instrument is checked against its Act's law pack on entry (`adhiniyam.law.instruments.check`):
one that sets what the Act does not leave to it, or goes past a statutory bound, is refused with the
section cited, and nothing is stored.
"""
