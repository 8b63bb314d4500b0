from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "adhiniyam.api"
    label = "api"
    verbose_name = "REST API"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.contrib.auth import get_user_model
        from django.db.models.signals import pre_save

        from .auth import revoke_tokens_on_password_change
        pre_save.connect(revoke_tokens_on_password_change, sender=get_user_model(),
                         dispatch_uid="adhiniyam.api.revoke_tokens")
