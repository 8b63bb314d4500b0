"""The Django test client speaking JSON to the API with a bearer token, shared by the test folders."""

from __future__ import annotations


class Api:
    """The Django test client speaking JSON with a bearer token."""

    def __init__(self, client, tokens):
        self.client, self.tokens = client, tokens

    def _auth(self, who):
        return {"HTTP_AUTHORIZATION": f"Bearer {self.tokens[who]}"} if who else {}

    def call(self, who, method, url, payload=None, **extra):
        if method == "GET":
            return self.client.get(url, payload or {}, **self._auth(who), **extra)
        if method == "DELETE":
            return self.client.delete(url, **self._auth(who), **extra)
        if isinstance(payload, dict) and payload.get("__multipart__"):
            data = {k: v for k, v in payload.items() if k != "__multipart__"}
            return self.client.post(url, data, **self._auth(who), **extra)
        return self.client.post(url, payload if payload is not None else {}, content_type="application/json",
                                **self._auth(who), **extra)

    def get(self, who, url, **params):
        return self.call(who, "GET", url, params)

    def post(self, who, url, payload=None, **extra):
        return self.call(who, "POST", url, payload, **extra)

    def upload(self, who, url, data):
        """A multipart form (a document upload)."""
        return self.client.post(url, data, **self._auth(who))
