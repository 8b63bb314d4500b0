from django.apps import AppConfig
from django.db.models.signals import post_migrate


class PacksConfig(AppConfig):
    name = "adhiniyam.packs"
    label = "packs"
    verbose_name = "Law-pack versions and upgrades"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        post_migrate.connect(_keep_installed, sender=self)


def _keep_installed(sender, **kwargs):
    """Every migrate (each deploy runs one: `adhiniyam serve` migrates first) keeps the installed packs."""
    from .store import keep_installed
    keep_installed(using=kwargs.get("using", "default"))
