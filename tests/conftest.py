"""Puts tests/ on the import path, so every test folder can use the shared helpers here (api_client)."""
