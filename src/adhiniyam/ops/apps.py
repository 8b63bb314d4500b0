from django.apps import AppConfig


class OpsConfig(AppConfig):
    name = "adhiniyam.ops"
    label = "ops"
    verbose_name = "Operations: backup, restore, security headers, login rate limiting"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.core import serializers
        serializers.register_serializer("adhjson", "adhiniyam.ops.serializer")
