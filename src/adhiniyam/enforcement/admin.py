from django.contrib import admin

from .models import Complaint, ComplaintAction, Demand, EmergencyExpenditure, Payment


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request, obj=None):
        return False


class ComplaintActionInline(ReadOnlyInline):
    model = ComplaintAction
    fields = ["type", "note", "case", "actor", "recorded_at"]
    readonly_fields = fields


@admin.register(Complaint)
class ComplaintAdmin(admin.ModelAdmin):
    list_display = ["number", "body", "category", "status", "channel", "received_at"]
    list_filter = ["status", "category", "channel"]
    search_fields = ["number", "description", "address"]
    readonly_fields = ["status"]
    inlines = [ComplaintActionInline]

    def has_add_permission(self, request):
        return False      # filed through the service (numbered), by the API, Open311 or the public form


class PaymentInline(ReadOnlyInline):
    model = Payment
    fields = ["receipt_number", "amount", "paid_on", "mode", "reference", "received_by"]
    readonly_fields = fields


@admin.register(Demand)
class DemandAdmin(admin.ModelAdmin):
    list_display = ["number", "body", "kind", "person", "amount", "raised_on", "recoverable_as", "cites"]
    list_filter = ["kind"]
    search_fields = ["number", "person__name"]
    inlines = [PaymentInline]

    def has_change_permission(self, request, obj=None):
        return False      # demands are raised through the service, with their citation

    def has_add_permission(self, request):
        return False


@admin.register(EmergencyExpenditure)
class EmergencyExpenditureAdmin(admin.ModelAdmin):
    list_display = ["body", "spent_on", "amount", "cap", "cites", "purpose"]

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False
