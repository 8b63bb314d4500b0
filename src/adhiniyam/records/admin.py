"""The admin: master data (bodies, offices, calendars, choices of versions and readings, people,
properties, memberships). Cases and events are shown read-only: they change only through actions."""

from django.contrib import admin

from .models import (
    Body,
    BodyLedger,
    Case,
    CaseEvent,
    CaseRoute,
    Closure,
    Document,
    InterpretationChoice,
    Membership,
    Office,
    Person,
    Property,
    ProvisionChoice,
)


class ClosureInline(admin.TabularInline):
    model = Closure
    extra = 0


class OfficeInline(admin.TabularInline):
    model = Office
    extra = 0


class ProvisionChoiceInline(admin.TabularInline):
    model = ProvisionChoice
    extra = 0


class InterpretationChoiceInline(admin.TabularInline):
    model = InterpretationChoice
    extra = 0


@admin.register(Body)
class BodyAdmin(admin.ModelAdmin):
    list_display = ("name", "code", "kind", "state", "act_id", "parent")
    list_filter = ("kind", "state", "act_id")
    search_fields = ("name", "code", "name_local")
    readonly_fields = ("path",)
    inlines = [OfficeInline, ClosureInline, ProvisionChoiceInline, InterpretationChoiceInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("user", "role", "office", "body")
    list_filter = ("role", "body__state")
    search_fields = ("user__username", "body__code", "body__name")
    autocomplete_fields = ("body",)


@admin.register(Person)
class PersonAdmin(admin.ModelAdmin):
    list_display = ("name", "body", "phone", "email")
    search_fields = ("name", "phone", "email")
    list_filter = ("body",)


@admin.register(Property)
class PropertyAdmin(admin.ModelAdmin):
    list_display = ("survey_number", "address", "ward", "body")
    search_fields = ("survey_number", "address")
    list_filter = ("body",)


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class EventInline(admin.TabularInline):
    model = CaseEvent
    fields = ("seq", "type", "on_date", "by_role", "actor", "system", "data", "recorded_at", "hash")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Case)
class CaseAdmin(ReadOnlyAdmin):
    list_display = ("number", "body", "procedure", "status", "next_deadline", "closed", "version")
    list_filter = ("closed", "act_id", "procedure", "body")
    search_fields = ("number", "title")
    inlines = [EventInline]


@admin.register(CaseEvent)
class CaseEventAdmin(ReadOnlyAdmin):
    list_display = ("case", "seq", "type", "on_date", "by_role", "system", "recorded_at")
    list_filter = ("system", "type")


admin.site.register(Closure)
admin.site.register(Office)
admin.site.register(ProvisionChoice)
admin.site.register(InterpretationChoice)
admin.site.register(Document, ReadOnlyAdmin)
admin.site.register(CaseRoute, ReadOnlyAdmin)
admin.site.register(BodyLedger, ReadOnlyAdmin)
admin.site.site_header = "Adhiniyam — records administration"
