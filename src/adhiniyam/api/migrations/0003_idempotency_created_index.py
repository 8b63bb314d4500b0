# Idempotency keys expire (settings.IDEMPOTENCY_KEEP_DAYS): the nightly purge deletes by created_at.
# IF NOT EXISTS: on a large PostgreSQL table the index may be built first with CREATE INDEX CONCURRENTLY
# (docs/deploy.md, "After an upgrade"), and this migration then only records it.

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('api', '0002_token_expiry_and_idempotency'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.RunSQL(
                'CREATE INDEX IF NOT EXISTS "idempotency_created" ON "api_idempotentrequest" ("created_at")',
                reverse_sql='DROP INDEX IF EXISTS "idempotency_created"')],
            state_operations=[migrations.AddIndex(
                model_name='idempotentrequest',
                index=models.Index(fields=['created_at'], name='idempotency_created'))],
        ),
    ]
