import secrets

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

NAME_CHARS = "abcdefghjkmnpqrstuvwxyz23456789"      # no 0/o, 1/l/i: read back from paper without doubt


def sign_in_name(full_name: str) -> str:
    """A new, unused sign-in name from the person's name and four random characters (meera-desai-7k3p).
    Sign-up never asks for one, so it never tells anyone which names are taken."""
    User = get_user_model()
    stem = (slugify(full_name)[:40].strip("-") or "citizen")
    while True:
        name = f"{stem}-{''.join(secrets.choice(NAME_CHARS) for _ in range(4))}"
        if not User.objects.filter(username=name).exists():
            return name


class SignupForm(UserCreationForm):
    """Sign-up with a name, an optional e-mail and a password (Django's validators); the sign-in name is
    given, not chosen, so that the form cannot be used to find out which accounts exist."""

    first_name = forms.CharField(label=_("Your name"), max_length=150)
    email = forms.EmailField(label=_("Email (optional)"), required=False)

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("first_name", "email")

    def save(self, commit=True):
        user = super().save(commit=False)
        user.username = sign_in_name(self.cleaned_data["first_name"])
        if commit:
            user.save()
        return user
