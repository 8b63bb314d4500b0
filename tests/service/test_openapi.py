"""The OpenAPI descriptions tell the truth about errors: every error answer of every operation is
declared as application/problem+json with the Problem schema, and the codes the server gives for an
operation of its kind are there (the bounded schemathesis run, .ci/schemathesis.sh, checks the rest
against a running server)."""

import pytest

DOCS = ["/api/openapi.json", "/local-law/api/openapi.json"]


def operations(schema):
    for path, item in schema["paths"].items():
        for method, op in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                yield path, method, op


@pytest.mark.parametrize("url", DOCS)
def test_every_error_is_declared_as_problem_json(client, url):
    r = client.get(url)
    assert r.status_code == 200, r.content[:300]
    schema = r.json()
    assert "Problem" in schema["components"]["schemas"]
    for path, method, op in operations(schema):
        errors = {code: answer for code, answer in op["responses"].items() if code[0] in "45"}
        assert errors, (method, path)
        for code, answer in errors.items():
            assert list(answer["content"]) == ["application/problem+json"], (method, path, code)
            assert answer["content"]["application/problem+json"]["schema"] == {"$ref": "#/components/schemas/Problem"}
        if op.get("security"):
            assert {"401", "403"} <= set(errors), (method, path)
        if "{" in path:
            assert "404" in errors, (method, path)
        if op.get("requestBody"):
            assert {"400", "413", "422"} <= set(errors), (method, path)


def test_paging_is_bounded_by_the_schema_that_refuses_it(client, world, api):
    schema = client.get("/api/openapi.json").json()
    params = {p["name"]: p["schema"] for p in schema["paths"]["/api/cases"]["get"]["parameters"]}
    assert (params["limit"]["minimum"], params["limit"]["maximum"], params["offset"]["minimum"]) == (1, 200, 0)
    for query in ({"offset": -1}, {"limit": 0}, {"limit": 201}, {"limit": -5}):
        r = api.get("secretary", "/api/cases", **query)
        assert r.status_code == 422 and r["Content-Type"] == "application/problem+json", (query, r.content)
    assert api.get("secretary", "/api/cases", limit=200, offset=0).status_code == 200
