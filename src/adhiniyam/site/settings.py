"""Django settings for the Adhiniyam records service, read from the environment.

Environment:
  DATABASE_URL            postgres://user:pass@host:port/db (psycopg 3) or sqlite:////abs/path.sqlite3.
                          Unset: an SQLite file at $ADHINIYAM_DB_PATH, else <var>/adhiniyam.sqlite3.
  ADHINIYAM_VAR           folder for the SQLite file and uploaded documents (default: <repo>/var,
                          or ./var when the package is installed outside a checkout).
  ADHINIYAM_SECRET_KEY    required when ADHINIYAM_DEBUG is off.
  ADHINIYAM_DEBUG         1/0 (default 1 for a laptop run).
  ADHINIYAM_ALLOWED_HOSTS comma-separated (default localhost,127.0.0.1,testserver).
  ADHINIYAM_MAX_UPLOAD_MB size limit for one uploaded document (default 10).
  ADHINIYAM_STATIC_ROOT   where `adhiniyam collectstatic` writes the static files (default <var>/static).
  ADHINIYAM_TIME_ZONE     default Asia/Kolkata.
  ADHINIYAM_CLOCK         a fixed "now" (YYYY-MM-DD[THH:MM]) for training and tests; unset in production.
  ADHINIYAM_SITE_URL      the address people reach the site at, for links in e-mails (default http://127.0.0.1:8000).
  ADHINIYAM_EMAIL_BACKEND Django e-mail backend (default: files in <var>/mail, one per message; production: the
                          SMTP backend, django.core.mail.backends.smtp.EmailBackend, with EMAIL_HOST, EMAIL_PORT,
                          EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS from the environment).
  ADHINIYAM_FROM_EMAIL    the sender of notifications.
  ADHINIYAM_SMS_GATEWAY   dotted path of the SMS gateway class (default: lines in <var>/sms/outbox.jsonl; no real
                          gateway is configured here).
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import dj_database_url

PACKAGE_DIR = Path(__file__).resolve().parent.parent          # src/adhiniyam
_checkout = PACKAGE_DIR.parent.parent                          # the repository, in a checkout
VAR_DIR = Path(os.environ.get("ADHINIYAM_VAR")
               or (_checkout / "var" if (_checkout / "pyproject.toml").exists() else Path.cwd() / "var"))


def _flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = _flag("ADHINIYAM_DEBUG", True)
SECRET_KEY = os.environ.get("ADHINIYAM_SECRET_KEY") or ("dev-only-insecure-key-adhiniyam" if DEBUG else "")
if not SECRET_KEY:
    raise RuntimeError("ADHINIYAM_SECRET_KEY must be set when ADHINIYAM_DEBUG is off")
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ADHINIYAM_ALLOWED_HOSTS",
                                                   "localhost,127.0.0.1,testserver").split(",") if h.strip()]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "ninja",                 # Swagger UI's own files for /api/docs (served from here, never a CDN)
    "adhiniyam.records",
    "adhiniyam.api",
    "adhiniyam.enforcement",
    "adhiniyam.web",
    "adhiniyam.ops",
    "adhiniyam.locallaw",
    "django_tasks",
    "django_tasks_db",
    "adhiniyam.notify",
    "adhiniyam.packs",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",   # static files, compressed, with far-future caching
    "adhiniyam.ops.middleware.SecurityHeadersMiddleware",
    "adhiniyam.ops.middleware.RequestLimitsMiddleware",
    "adhiniyam.ops.middleware.LoginRateLimitMiddleware",
    "adhiniyam.ops.middleware.ApiProblemsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "adhiniyam.web.language.BodyLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "adhiniyam.site.urls"
WSGI_APPLICATION = "adhiniyam.site.wsgi.application"
ASGI_APPLICATION = "adhiniyam.site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "adhiniyam.web.common.languages",
            ],
        },
    },
]


def database_config() -> dict:
    url = os.environ.get("DATABASE_URL", "").strip()
    if url:
        cfg = dj_database_url.parse(url, conn_max_age=60)
    else:
        path = Path(os.environ.get("ADHINIYAM_DB_PATH") or VAR_DIR / "adhiniyam.sqlite3")
        cfg = {"ENGINE": "django.db.backends.sqlite3", "NAME": str(path)}
    if cfg["ENGINE"] == "django.db.backends.sqlite3":
        # Writers take the lock at BEGIN, so two appends to one case never interleave; WAL lets
        # readers go on while one writer works.
        cfg.setdefault("OPTIONS", {}).update({
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;",
        })
        if cfg["NAME"] not in ("", ":memory:"):
            Path(cfg["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    elif cfg["ENGINE"] in ("django.db.backends.postgresql",):
        cfg.setdefault("OPTIONS", {})
    return cfg


DATABASES = {"default": database_config()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
]

LANGUAGE_CODE = "en"
# English, Hindi, and the States' languages (Gujarati, Punjabi in Gurmukhi, Konkani in Devanagari);
# a body's default is its State's (adhiniyam.law.translations.STATE_LANGUAGE).
LANGUAGES = [("en", "English"), ("hi", "हिन्दी"), ("gu", "ગુજરાતી"), ("pa", "ਪੰਜਾਬੀ"), ("kok", "कोंकणी")]
TIME_ZONE = os.environ.get("ADHINIYAM_TIME_ZONE", "Asia/Kolkata")
USE_I18N = True
USE_TZ = True

# Static files are served by the application itself (WhiteNoise), compressed: `adhiniyam collectstatic`
# writes them to STATIC_ROOT with gzip and Brotli copies beside them, which WhiteNoise sends to a browser
# that takes them. Before that (a laptop, the tests) they are read where the installed apps keep them.
STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("ADHINIYAM_STATIC_ROOT") or VAR_DIR / "static")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = not STATIC_ROOT.is_dir()
# …and WhiteNoise need not warn that the folder it would read after collectstatic is not there yet
warnings.filterwarnings("ignore", message="No directory at: ")
MEDIA_ROOT = Path(os.environ.get("ADHINIYAM_MEDIA_ROOT") or VAR_DIR / "documents")
MEDIA_URL = "media/"

LOGIN_URL = "/signin/"
LOGIN_REDIRECT_URL = "/start/"

# Uploaded documents: what is accepted and how large (checked on upload, by content, not by name).
ADHINIYAM_MAX_UPLOAD_BYTES = int(float(os.environ.get("ADHINIYAM_MAX_UPLOAD_MB", "10")) * 1024 * 1024)
ADHINIYAM_DOCUMENT_TYPES = {
    "application/pdf": ".pdf",
    "image/png": ".png",
    "image/jpeg": ".jpg",
}
DATA_UPLOAD_MAX_MEMORY_SIZE = ADHINIYAM_MAX_UPLOAD_BYTES + 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024

NINJA_PAGINATION_PER_PAGE = 50

# A fixed "now" (YYYY-MM-DD or YYYY-MM-DDTHH:MM) for training and demonstrations; unset in production.
ADHINIYAM_CLOCK = os.environ.get("ADHINIYAM_CLOCK") or None

# Notifications: the outbox is delivered by a django-tasks database worker (`adhiniyam notify work`).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default", "notify"]}}
ADHINIYAM_SITE_URL = os.environ.get("ADHINIYAM_SITE_URL", "http://127.0.0.1:8000")
EMAIL_BACKEND = os.environ.get("ADHINIYAM_EMAIL_BACKEND", "django.core.mail.backends.filebased.EmailBackend")
EMAIL_FILE_PATH = VAR_DIR / "mail"
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = _flag("EMAIL_USE_TLS", False)
EMAIL_TIMEOUT = float(os.environ.get("ADHINIYAM_EMAIL_TIMEOUT", "30"))
DEFAULT_FROM_EMAIL = os.environ.get("ADHINIYAM_FROM_EMAIL", "Adhiniyam <no-reply@adhiniyam.local>")
ADHINIYAM_SMS_GATEWAY = os.environ.get("ADHINIYAM_SMS_GATEWAY", "adhiniyam.notify.sms.FileGateway")
ADHINIYAM_NOTIFY_LEASE_SECONDS = float(os.environ.get("ADHINIYAM_NOTIFY_LEASE_SECONDS", "300"))
ADHINIYAM_NOTIFY_BACKOFF_SECONDS = float(os.environ.get("ADHINIYAM_NOTIFY_BACKOFF_SECONDS", "60"))
ADHINIYAM_NOTIFY_MAX_ATTEMPTS = int(os.environ.get("ADHINIYAM_NOTIFY_MAX_ATTEMPTS", "8"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"adhiniyam": {"handlers": ["console"], "level": os.environ.get("ADHINIYAM_LOG_LEVEL", "INFO")}},
}
