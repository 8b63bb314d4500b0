"""Django settings for the Adhiniyam records service, read from the environment.

Environment (production sets ADHINIYAM_SECRET_KEY and ADHINIYAM_ALLOWED_HOSTS; everything else has a safe
default; `adhiniyam check --deploy` is clean with them):
  DATABASE_URL            postgres://user:pass@host:port/db (psycopg 3) or sqlite:////abs/path.sqlite3.
                          Unset: an SQLite file at $ADHINIYAM_DB_PATH, else <var>/adhiniyam.sqlite3.
  ADHINIYAM_VAR           folder for the SQLite file and uploaded documents (default: <repo>/var,
                          or ./var when the package is installed outside a checkout).
  ADHINIYAM_SECRET_KEY    required, always: there is no default key (`./dev demo` makes one for the laptop demo
                          and keeps it in var/demo-secret-key).
  ADHINIYAM_DEBUG         1/0 (default 0). Only `./dev demo` turns it on, explicitly.
  ADHINIYAM_ALLOWED_HOSTS comma-separated (default localhost,127.0.0.1,testserver).
  ADHINIYAM_HTTPS         1/0: the site is served over HTTPS (default 1 unless debug is on): session and CSRF
                          cookies are Secure, HSTS is sent for a year, plain HTTP is redirected (except
                          /ops/health, which load balancers probe inside the network).
  ADHINIYAM_PROXIES       the number of reverse proxies (TLS terminator, load balancer) in front of the server
                          (default 0). Set it behind a proxy that sets X-Forwarded-Proto and X-Forwarded-For:
                          the proxy's X-Forwarded-Proto then tells Django a request came over HTTPS (so HSTS
                          is sent and no redirect loops), and the client's own address is taken from
                          X-Forwarded-For for the sign-in and posting limits. Never set it without such a
                          proxy: a client could then choose its own address.
  ADHINIYAM_TOKEN_DAYS    how long an API token lasts unless its creator asks for less (default 30 days; 1 to 365).
  ADHINIYAM_IDEMPOTENCY_DAYS  how long an API write's Idempotency-Key is kept (default 7 days; 1 to 3650):
                          a retry within it gets the first answer; after it the key is forgotten (the same
                          key is a new write) and the nightly `adhiniyam sweep` deletes its row.
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

import datetime as dt
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


def _whole_number(name: str, default: int, most: int) -> int:
    """A whole number from 1 to `most` from the environment (unset or empty: `default`); anything else stops
    the start with the variable named, as a missing secret key does."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= most:
        raise RuntimeError(f"{name}={text!r}: it must be a whole number from 1 to {most} (default {default}).")
    return int(text)


DEBUG = _flag("ADHINIYAM_DEBUG", False)
SECRET_KEY = os.environ.get("ADHINIYAM_SECRET_KEY", "")
if not SECRET_KEY:
    raise RuntimeError("ADHINIYAM_SECRET_KEY must be set: there is no default key. For a laptop demonstration "
                       "run ./dev demo, which makes one; in production set a long random value, e.g. from "
                       "python3 -c 'import secrets; print(secrets.token_urlsafe(50))'.")
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ADHINIYAM_ALLOWED_HOSTS",
                                                   "localhost,127.0.0.1,testserver").split(",") if h.strip()]

# HTTPS and the proxy in front (see ADHINIYAM_HTTPS and ADHINIYAM_PROXIES above)
HTTPS = _flag("ADHINIYAM_HTTPS", not DEBUG)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = HTTPS
SESSION_COOKIE_HTTPONLY = True
SECURE_SSL_REDIRECT = HTTPS
SECURE_REDIRECT_EXEMPT = [r"^ops/health$"]
SECURE_HSTS_SECONDS = 31_536_000 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS          # consent to the browsers' preload lists; submitting is the operator's act
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
PROXIES = int(os.environ.get("ADHINIYAM_PROXIES") or 0)
if PROXIES:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

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
    "axes",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",   # static files, compressed, with far-future caching
    "adhiniyam.ops.middleware.SecurityHeadersMiddleware",
    "adhiniyam.ops.limits.ClientMiddleware",          # the client's address, for the posting limits
    "adhiniyam.ops.middleware.RequestLimitsMiddleware",
    "adhiniyam.ops.middleware.ApiProblemsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "adhiniyam.web.language.BodyLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "adhiniyam.ops.middleware.ApiMessageMiddleware",    # Django's, passed over by a bearer token's API request
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
    "adhiniyam.api.idempotency.IdempotencyMiddleware",   # after authentication: a key is the caller's own
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
        # A connection kept across requests, as for a DATABASE_URL: opening an SQLite file (its schema read,
        # its statements prepared again) cost some 4 ms of CPU a request, more than an API write itself
        # (issue 21, measured in process: 4.4 ms a write kept, 11.0 ms closed after each request).
        cfg = {"ENGINE": "django.db.backends.sqlite3", "NAME": str(path), "CONN_MAX_AGE": 60}
    if cfg["ENGINE"] == "django.db.backends.sqlite3":
        # Writers take the lock at BEGIN, so two appends to one case never interleave, and queue for it on
        # a lock file (site/sqlite: woken when it is free, not polling); WAL lets readers go on meanwhile.
        cfg["ENGINE"] = "adhiniyam.site.sqlite"
        cfg.setdefault("OPTIONS", {}).update({
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;",
        })
        if cfg["NAME"] not in ("", ":memory:"):
            Path(cfg["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    elif cfg["ENGINE"] in ("django.db.backends.postgresql",):
        # Parameters bound by the server, so psycopg prepares a statement the connection has run five
        # times and the server plans it once, not on every run: the write path's and the sweep's few
        # statements run thousands of times a connection (ADHINIYAM_PG_CLIENT_BINDING=1: bound client-side,
        # for a pooler in transaction mode, which cannot keep prepared statements).
        server = os.environ.get("ADHINIYAM_PG_CLIENT_BINDING", "") != "1"
        cfg.setdefault("OPTIONS", {}).update({"server_side_binding": True, "prepare_threshold": 5} if server else {})
    return cfg


DATABASES = {"default": database_config()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 10}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]

# Failed sign-ins (django-axes, counted in the database so the limit holds across server processes): the fifth
# failure for one account from one address locks that account out from that address for fifteen minutes.
# Another user behind the same address (a carrier-grade NAT, an office) is not locked out, nor the same
# user signing in from elsewhere.
AXES_FAILURE_LIMIT = int(os.environ.get("ADHINIYAM_LOGIN_MAX_FAILURES") or 5)
AXES_COOLOFF_TIME = dt.timedelta(seconds=int(os.environ.get("ADHINIYAM_LOGIN_WINDOW_SECONDS") or 900))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "adhiniyam.ops.limits.lockout_response"
AXES_IPWARE_PROXY_COUNT = PROXIES or None
AXES_IPWARE_META_PRECEDENCE_ORDER = ("HTTP_X_FORWARDED_FOR", "REMOTE_ADDR") if PROXIES else ("REMOTE_ADDR",)
AXES_VERBOSE = False

# API bearer tokens last this long unless their creator asks for less
ADHINIYAM_TOKEN_DAYS = _whole_number("ADHINIYAM_TOKEN_DAYS", 30, most=365)
# An Idempotency-Key's stored answer is replayed for this many days, then forgotten (api.idempotency)
IDEMPOTENCY_KEEP_DAYS = _whole_number("ADHINIYAM_IDEMPOTENCY_DAYS", 7, most=3650)

# What the public may post without an account, per body: (posts, seconds) per address for anonymous posts
# and per account for signed-in ones; the counts live in the database (ops.PostCount).
ADHINIYAM_POST_LIMITS = {
    "complaint": {"address": (20, 3600), "account": (10, 3600)},
    "objection": {"address": (20, 3600), "account": (10, 3600)},
}

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
# A request body other than an upload (JSON, a form) is refused over 1 MiB, and a multipart upload over the
# document limit plus that, before either is read (ops.middleware.RequestLimitsMiddleware).
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
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
