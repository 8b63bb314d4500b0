"""Which user role may act as which of the Act's roles.

The law pack names the parties of each procedure in the Act's own words (applicant, secretary,
bdo, chief_officer, collector…). A user holds one of six roles at a body (see `models.Role`).
This table says, explicitly, which kind of user acts as which of the Act's roles:

  PARTY     the applicant / owner / occupier / accused: an applicant user acts as it for their own
            cases; a clerk may record it on their behalf (a paper application at the counter).
  OFFICE    the body's own deciding office (Secretary, Chief Officer, Executive Officer, the
            committee): a deciding officer acts as it; a clerk may open cases for it.
  AUTHORITY an authority above the body (Block Development Officer, Director, Collector, Deputy
            Commissioner): an appellate user whose office is routed the case acts as it.

A role of the Act found in no table is treated as OFFICE and reported by `adhiniyam roles check`,
so an unmapped role never silently lets the wrong user act.
"""

from __future__ import annotations

PARTY, OFFICE, AUTHORITY = "party", "office", "authority"

DEFAULT: dict[str, str] = {
    # parties
    "applicant": PARTY, "owner": PARTY, "occupier": PARTY, "owner_or_occupier": PARTY, "licensee": PARTY,
    "accused": PARTY, "offender": PARTY, "appellant": PARTY, "objector": PARTY, "public": PARTY,
    "person": PARTY, "claimant": PARTY, "respondent": PARTY, "holder": PARTY, "builder": PARTY,
    "permit_holder": PARTY, "complainant": PARTY, "noticee": PARTY, "resident": PARTY,
    "cultivator": PARTY, "employer": PARTY, "frontager": PARTY, "person_in_charge": PARTY, "proprietor": PARTY,
    "inhabitants": PARTY, "part_owner": PARTY, "keeper": PARTY, "agent": PARTY,
    # the body's own office
    "secretary": OFFICE, "sarpanch": OFFICE, "deputy_sarpanch": OFFICE, "panchayat": OFFICE,
    "gram_panchayat": OFFICE, "village_panchayat": OFFICE, "chief_officer": OFFICE,
    "executive_officer": OFFICE, "president": OFFICE, "vice_president": OFFICE, "committee": OFFICE,
    "municipal_committee": OFFICE, "municipality": OFFICE, "council": OFFICE, "municipal_council": OFFICE,
    "chairman": OFFICE, "chief_executive_officer": OFFICE, "ceo": OFFICE, "pramukh": OFFICE,
    "zila_panchayat": OFFICE, "kshettra_panchayat": OFFICE, "health_officer": OFFICE,
    "medical_officer_of_health": OFFICE, "medical_officer": OFFICE, "moh": OFFICE,
    "police_or_municipality": OFFICE, "engineer": OFFICE, "body": OFFICE, "standing_committee": OFFICE,
    "executive_committee": OFFICE, "magistrate": OFFICE, "court": OFFICE, "prosecutor": OFFICE,
    "inspector": OFFICE, "pound_keeper": OFFICE, "officer": OFFICE, "police": OFFICE,
    # authorities above the body
    "bdo": AUTHORITY, "block_development_officer": AUTHORITY, "khand_vikas_adhikari": AUTHORITY,
    "deputy_director": AUTHORITY, "director": AUTHORITY, "collector": AUTHORITY,
    "deputy_commissioner": AUTHORITY, "commissioner": AUTHORITY, "district_magistrate": AUTHORITY,
    "state_government": AUTHORITY, "government": AUTHORITY, "divisional_commissioner": AUTHORITY,
    "tcp": AUTHORITY, "town_planning": AUTHORITY, "appellate_authority": AUTHORITY,
    "executive_magistrate": AUTHORITY, "sub_divisional_magistrate": AUTHORITY,
}

# Where an Act uses a word differently, say so here: act id -> {role: kind}.
PER_ACT: dict[str, dict[str, str]] = {
    # Gujarat: the executive committee is an organ of the municipality that decides.
    "gujarat_municipalities_1963": {"executive_committee": OFFICE},
    # Punjab: the Deputy Commissioner supervises the committee from the district.
    "punjab_municipal_1911": {"deputy_commissioner": AUTHORITY},
}


def kind_of(act_id: str, role: str) -> str:
    per = PER_ACT.get(act_id, {})
    if role in per:
        return per[role]
    if role in DEFAULT:
        return DEFAULT[role]
    return OFFICE


def known(act_id: str, role: str) -> bool:
    return role in PER_ACT.get(act_id, {}) or role in DEFAULT
