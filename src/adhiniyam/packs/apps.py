from django.apps import AppConfig
from django.db.models.signals import post_migrate


class PacksConfig(AppConfig):
    name = "adhiniyam.packs"
    label = "packs"
    verbose_name = "Law-pack versions and upgrades"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        post_migrate.connect(_keep_installed, sender=self)


def _keep_installed(sender, using="default", **kwargs):
    """Every migrate (each deploy runs one: `adhiniyam serve` migrates first) keeps the installed packs, once
    their table exists (a migrate to a named migration of another app may stop before it)."""
    from django.db import connections

    from .models import PackVersion
    from .store import keep_installed
    if PackVersion._meta.db_table in connections[using].introspection.table_names():
        keep_installed(using=using)
