"""The enforcement endpoints are described in the API's OpenAPI document."""


def test_openapi_lists_enforcement_endpoints(client, world):
    r = client.get("/api/openapi.json")
    assert r.status_code == 200
    paths = r.json()["paths"]
    for p in ["/api/enforcement/bodies/{code}/complaints", "/api/enforcement/bodies/{code}/notices",
              "/api/enforcement/notices/{case_id}/default-works", "/api/enforcement/demands/{demand_id}/payments",
              "/api/enforcement/bodies/{code}/registers/{name}", "/api/enforcement/bodies/{code}/pound",
              "/api/enforcement/bodies/{code}/meetings", "/api/enforcement/bodies/{code}/inspections"]:
        assert p in paths, p
