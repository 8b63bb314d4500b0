from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "adhiniyam.web"
    label = "web"
    verbose_name = "Web application"

    def ready(self):
        # Django's table of languages lacks Gujarati and Konkani; {% get_language_info %} needs them.
        from django.conf.locale import LANG_INFO

        LANG_INFO.setdefault("gu", {"bidi": False, "code": "gu", "name": "Gujarati", "name_local": "ગુજરાતી"})
        LANG_INFO.setdefault("kok", {"bidi": False, "code": "kok", "name": "Konkani", "name_local": "कोंकणी"})
