# Tokens expire (issue 25): the tokens issued before had no expiry; they get the default life from today.

import datetime as dt

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


def expire_old_tokens(apps, schema_editor):
    ApiToken = apps.get_model("api", "ApiToken")
    ApiToken.objects.filter(expires_at__isnull=True).update(
        expires_at=django.utils.timezone.now() + dt.timedelta(days=getattr(settings, "ADHINIYAM_TOKEN_DAYS", 30)))


class Migration(migrations.Migration):

    dependencies = [
        ('api', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='apitoken',
            name='revoked_reason',
            field=models.CharField(blank=True, max_length=100),
        ),
        migrations.RunPython(expire_old_tokens, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='apitoken',
            name='expires_at',
            field=models.DateTimeField(),
        ),
        migrations.CreateModel(
            name='IdempotentRequest',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('body_id', models.BigIntegerField(help_text='The body the write is at (0: none, e.g. a token)')),
                ('key', models.CharField(max_length=255)),
                ('fingerprint', models.CharField(help_text='SHA-256 of the method, address and body sent', max_length=64)),
                ('status', models.PositiveSmallIntegerField()),
                ('content_type', models.CharField(max_length=100)),
                ('content', models.TextField()),
                ('created_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('body_id', 'user', 'key'), name='idempotency_key_once')],
            },
        ),
    ]
