from django.apps import AppConfig


class NotifyConfig(AppConfig):
    name = "adhiniyam.notify"
    label = "notify"
    verbose_name = "Notifications: the outbox, e-mail and SMS"
    default_auto_field = "django.db.models.BigAutoField"
