from django.contrib.auth import views as auth_views
from django.urls import include, path

from . import calendar, views

app_name = "web"

urlpatterns = [
    path("start/", views.home, name="home"),
    path("signin/", auth_views.LoginView.as_view(template_name="web/login.html", next_page="web:home"), name="login"),
    path("signout/", auth_views.LogoutView.as_view(next_page="/start/"), name="logout"),
    path("signup/", views.signup, name="signup"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("inbox/<slug:code>/", views.inbox, name="inbox"),
    path("inbox/<slug:code>/pendency/", views.pendency, name="pendency"),
    path("inbox/<slug:code>/new/", views.new_case, name="new_case"),
    path("inbox/<slug:code>/new/<slug:procedure>/", views.new_case, name="new_case_form"),
    path("case/<int:case_id>/", views.case_detail, name="case"),
    path("case/<int:case_id>/act/", views.case_action, name="case_action"),
    path("case/<int:case_id>/upload/", views.case_upload, name="case_upload"),
    path("case/<int:case_id>/verify-property/", views.verify_property, name="verify_property"),
    path("case/<int:case_id>/default-works/", views.default_works, name="default_works"),
    path("case/<int:case_id>/demands/<int:demand_id>/pay/", views.demand_payment, name="demand_payment"),
    path("case/<int:case_id>/pdf/<slug:kind>/", views.case_pdf, name="case_pdf"),
    path("case/<int:case_id>/pdf/<slug:kind>/<int:n>/", views.case_pdf, name="case_pdf_n"),
    path("portal/", views.portal, name="portal"),
    path("portal/join/", views.portal_join, name="portal_join"),
    path("portal/<slug:code>/", views.portal_body, name="portal_body"),
    path("portal/<slug:code>/apply/<slug:procedure>/", views.portal_apply, name="portal_apply"),
    path("acts/", views.acts, name="acts"),
    path("acts/search/", views.search, name="search"),
    path("acts/<slug:act_id>/", views.act, name="act"),
    path("acts/<slug:act_id>/<slug:node_id>/", views.section, name="section"),
    path("notices/", views.notices, name="notices"),
    path("notices/<int:case_id>/object/", views.object_to_notice, name="object"),
    path("bodies/", views.bodies, name="bodies"),
    path("bodies/<slug:code>/calendar/", calendar.office_calendar, name="calendar"),
    path("how-dates-are-counted/", views.about_dates, name="about_dates"),
]
