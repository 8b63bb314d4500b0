from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "adhiniyam.web"
    label = "web"
    verbose_name = "Web application"
