"""ASGI entry point: `uvicorn adhiniyam.site.asgi:application`."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adhiniyam.site.settings")
application = get_asgi_application()
