"""Goa Panchayat Raj Act s.66 through the web: a citizen applies on 2 March 2026, the Secretary sends
observations on 5 March, the applicant complies on 10 March; the Panchayat stays silent, so the
permission is deemed granted on 23 March (fifteen days from receipt = 17 March, plus the five days
the clock stood still, s.66(2) fifteen-day version), and the intimation is due by 7 April (s.66(2A))."""

from __future__ import annotations

from webhelpers import act, apply_building, set_clock, text

from adhiniyam.records.models import Case, CaseEvent


def test_application_to_deemed_grant_through_the_pages(world, as_user, client):
    users = world["users"]
    applicant = as_user(users["applicant"])
    case = apply_building(applicant)
    assert case.status == "pending" and case.opened_on.isoformat() == "2026-03-02"

    page = text(applicant.get(f"/case/{case.pk}/"))
    assert "If Secretary of the Panchayat does not act by 17 March 2026" in page
    assert "then on 18 March 2026: Permission deemed granted" in page
    assert "s.66(2) [fifteen days]" in page
    # "why this date?" carries the arithmetic (in the page's words, from the engine's data) and the cited words
    assert "From 2 March 2026, that day itself not counted, 15 days: 17 March 2026." in page
    assert "within a period of fifteen days from the date of receipt of the application" in page

    # the Secretary sends the one observation letter
    set_clock("2026-03-05")
    secretary = as_user(users["secretary"])
    inbox = text(secretary.get("/inbox/ga-taleigao/"))
    assert case.number in inbox and "17 March 2026" in inbox and "12 days left" in inbox
    r = act(secretary, case, "observations_dispatched", "secretary", "2026-03-05", observations="Site plan not to scale")
    assert r.status_code == 302, text(r)[:2000]
    case.refresh_from_db()
    assert case.status == "observations_pending"

    # a second letter is refused with the section, and nothing is recorded
    before = CaseEvent.objects.filter(case=case).count()
    r = act(secretary, case, "observations_dispatched", "secretary", "2026-03-05", observations="And the roof")
    assert r.status_code in (403, 422)
    body = text(r)
    assert "Not recorded" in body and "Nothing was changed." in body
    assert CaseEvent.objects.filter(case=case).count() == before

    # the applicant complies; the clock runs again with five days added
    set_clock("2026-03-10")
    applicant = as_user(users["applicant"])
    page = text(applicant.get(f"/case/{case.pk}/"))
    assert "is stopped until the observations are answered" in page
    r = act(applicant, case, "observations_complied", "applicant", "2026-03-10")
    assert r.status_code == 302, text(r)[:2000]
    page = text(applicant.get(f"/case/{case.pk}/"))
    assert "by 22 March 2026" in page and "then on 23 March 2026: Permission deemed granted" in page
    assert "The clock stood still from 5 March 2026 to 10 March 2026: 5 more days. Last day: 22 March 2026." in page

    # time passes: the Panchayat stays silent
    set_clock("2026-03-24")
    page = text(applicant.get(f"/case/{case.pk}/"))
    assert "Deemed granted on 23 March 2026" in page
    assert "Technical clearance".lower() in page.lower()      # the conditions are shown with the grant
    assert "Give the intimation and deposit the fee" in page   # the applicant's next step, as what they do
    assert "7 April 2026" in page
    r = applicant.get(f"/case/{case.pk}/pdf/deemed/0/?lang=en")
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf" and r.content.startswith(b"%PDF")

    # the officer's inbox counts the deemed outcome even before the sweep records it
    secretary = as_user(users["secretary"])
    inbox = secretary.get("/inbox/ga-taleigao/")
    assert 'id="count-deemed">1<' in inbox.content.decode()

    # the applicant gives the intimation with the fee, within fifteen days
    applicant = as_user(users["applicant"])
    r = act(applicant, case, "intimation_given", "applicant", "2026-03-24", fee_paid="12500")
    assert r.status_code == 302, text(r)[:2000]
    case.refresh_from_db()
    assert case.status == "may_execute"
    r = applicant.get(f"/case/{case.pk}/pdf/receipt/2/")
    assert r.status_code == 404            # event 2 is the observation letter, not a payment
    assert f"/case/{case.pk}/pdf/receipt/4/" in applicant.get(f"/case/{case.pk}/").content.decode()
    r = applicant.get(f"/case/{case.pk}/pdf/receipt/4/?lang=hi")
    assert r.status_code == 200 and r.content.startswith(b"%PDF")


def test_refusal_needs_reasons_and_opens_the_appeal(world, as_user):
    users = world["users"]
    applicant = as_user(users["applicant"])
    case = apply_building(applicant)
    secretary = as_user(users["secretary"])
    r = act(secretary, case, "permission_refused", "secretary", "2026-03-02")
    assert r.status_code == 422 and "Reasons is required" in text(r)
    assert case.events.count() == 1
    r = act(secretary, case, "permission_refused", "secretary", "2026-03-02", reasons="Setback from the road is 1 m; 3 m needed")
    assert r.status_code == 302
    page = text(as_user(users["applicant"]).get(f"/case/{case.pk}/"))
    assert "Permission refused" in page
    assert "Appeal to the Director" in page                 # the appeal button is open to the applicant
    assert "Applicant may do this until 1 April 2026: Appeal to the Director." in page


def test_bad_input_is_refused_clearly_and_changes_nothing(world, as_user):
    users = world["users"]
    applicant = as_user(users["applicant"])
    case = apply_building(applicant)
    secretary = as_user(users["secretary"])
    r = act(secretary, case, "observations_dispatched", "secretary", "05/03/2026", observations="x")
    assert r.status_code == 422 and "is not a date; write it as YYYY-MM-DD" in text(r)
    r = act(secretary, case, "permission_granted", "secretary", "2026-03-09")   # after the clock's today
    assert r.status_code == 422 and "in the future" in text(r)
    stale = {"type": "permission_granted", "as_role": "secretary", "on": "2026-03-02", "version": case.version + 5}
    r = secretary.post(f"/case/{case.pk}/act/", stale)
    assert r.status_code == 409
    # the applicant cannot act as the Secretary
    r = act(applicant, case, "permission_granted", "secretary", "2026-03-02")
    assert r.status_code == 403
    assert case.events.count() == 1
    case.refresh_from_db()
    assert case.status == "pending"


def test_as_of_view_projects_the_deemed_grant(world, as_user):
    applicant = as_user(world["users"]["applicant"])
    case = apply_building(applicant)
    page = text(applicant.get(f"/case/{case.pk}/?as_of=2026-03-20"))
    assert "Shown as of 20 March 2026" in page and "Deemed granted on 18 March 2026" in page
    assert applicant.get(f"/case/{case.pk}/?as_of=20-03-2026").status_code == 404
    r = applicant.get(f"/case/{case.pk}/?as_of=2026-01-01")          # before the application itself
    assert r.status_code == 200 and "This case was opened on 2 March 2026: choose a date from then on." in text(r)


def test_incomplete_application_is_overdue_not_deemed(world, as_user):
    """Whether an application is complete is the office's call: the clerk records it at the counter."""
    clerk = as_user(world["users"]["clerk"])
    r = clerk.post("/inbox/ga-taleigao/new/building_permission/", {"on": "2026-03-02", "person": "Applicant",
                                                                    "address": "H.No. 12, Dona Paula road"})
    assert r.status_code == 302, text(r)[:1500]
    case = Case.objects.get(pk=int(r["Location"].strip("/").split("/")[-1]))
    set_clock("2026-03-20")
    page = text(clerk.get(f"/case/{case.pk}/"))
    assert "Deemed granted" not in page
    assert "not complete" in page.lower()


def test_appeal_to_the_director_within_thirty_days(world, as_user):
    """s.66(7): an appeal lies to the Director within thirty days of the order; his decision is final."""
    users = world["users"]
    applicant = as_user(users["applicant"])
    case = apply_building(applicant)
    secretary = as_user(users["secretary"])
    assert act(secretary, case, "permission_refused", "secretary", "2026-03-02", reasons="Setback 1 m").status_code == 302
    set_clock("2026-03-20")
    r = act(applicant, case, "appeal_to_director", "applicant", "2026-03-20")
    assert r.status_code == 302, text(r)[:1500]
    director = as_user(users["director"])
    inbox = text(director.get("/inbox/ga-taleigao/"))
    assert case.number in inbox and "Appeal pending before the Director" in inbox
    page = text(director.get(f"/case/{case.pk}/"))
    assert "Appeal allowed by the Director" in page and "Appeal dismissed by the Director" in page
    assert act(director, case, "appeal_allowed", "director", "2026-03-20").status_code == 302
    case.refresh_from_db()
    assert case.status == "appeal_allowed" and case.closed
    page = text(applicant.get(f"/case/{case.pk}/"))
    assert "What you can do now" not in page          # a closed case offers no actions


def test_appeal_out_of_time_is_refused_with_the_section(world, as_user):
    users = world["users"]
    applicant = as_user(users["applicant"])
    case = apply_building(applicant)
    act(as_user(users["secretary"]), case, "permission_refused", "secretary", "2026-03-02", reasons="Setback 1 m")
    set_clock("2026-04-02")                           # thirty days from 2 March ended on 1 April
    page = text(applicant.get(f"/case/{case.pk}/"))
    assert "Appeal to the Director" not in page     # the button is gone once the window closed
    r = act(applicant, case, "appeal_to_director", "applicant", "2026-04-02")
    assert r.status_code == 422
    body = text(r)
    assert "1 April 2026" in body and "s.66(7)" in body and "Nothing was changed." in body
    assert case.events.count() == 2


def test_sweep_recorded_deemed_grant_shows_once(world, as_user):
    """After the sweep records the deemed grant (a system event on 18 March), the timeline shows it once."""
    import datetime as dt

    from adhiniyam.records import services

    applicant = as_user(world["users"]["applicant"])
    case = apply_building(applicant)
    set_clock("2026-03-20")
    recorded = services.sweep_case(case.pk)
    assert [(e.type, e.on_date) for e in recorded] == [("permission_deemed_granted", dt.date(2026, 3, 18))]
    html = applicant.get(f"/case/{case.pk}/").content.decode()
    timeline = html[html.index('<ol class="timeline">'):html.index("</ol>", html.index('<ol class="timeline">'))]
    assert timeline.count("18 March 2026</strong>") == 1, timeline
    assert "Permission deemed granted" in text(applicant.get(f"/case/{case.pk}/"))
