"""A check of our own for the bounded schemathesis run (.ci/schemathesis.sh).

schemathesis's `positive_data_acceptance` expects a request that matches the schema to be accepted.
Ours may still be refused with 422 for what no static schema can know: the law of the body's Act or
the state of the records (an event the procedure does not have, an action the Act does not allow at
this stage, a date in the future, a category another Act has). So `.ci/schemathesis.toml` lets 422
pass that check, and this one fails every schema-valid request answered with a 422 that refuses its
*form* — the promise the schema makes: whatever it accepts, the server does not call malformed.
"""

import schemathesis

# The problem codes that say "the request is not in the right form" (adhiniyam.api.problems and the
# services' form checks). A schema-valid request must never get one.
FORM_CODES = {"invalid_request", "http_error", "bad_multipart", "bad_date", "bad_amount", "bad_location",
              "bad_email", "bad_action", "bad_document_kind", "unknown_register", "description_required",
              "text_too_long", "text_not_text", "bad_media_url"}


@schemathesis.check
def schema_valid_is_well_formed(ctx, response, case):
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 422:
        return None
    try:
        code = response.json().get("code")
    except ValueError:
        code = None
    if code in FORM_CODES or code is None:
        raise AssertionError(f"A request the schema accepts was refused as malformed ({code}): "
                             f"{response.text[:300]}")
    return None
