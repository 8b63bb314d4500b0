from django.apps import AppConfig


class EnforcementConfig(AppConfig):
    name = "adhiniyam.enforcement"
    label = "enforcement"
    verbose_name = "Enforcement and governance"
    default_auto_field = "django.db.models.BigAutoField"
