# Idempotency keys expire (settings.IDEMPOTENCY_KEEP_DAYS): the nightly purge deletes by created_at.

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('api', '0002_token_expiry_and_idempotency'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddIndex(
            model_name='idempotentrequest',
            index=models.Index(fields=['created_at'], name='idempotency_created'),
        ),
    ]
