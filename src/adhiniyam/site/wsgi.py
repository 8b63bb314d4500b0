"""WSGI entry point: `gunicorn adhiniyam.site.wsgi` or any WSGI server."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adhiniyam.site.settings")
application = get_wsgi_application()
