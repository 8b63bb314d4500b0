"""Uploaded documents: the type is judged from the file's first bytes (not its name or the
browser's word), the size against ADHINIYAM_MAX_UPLOAD_BYTES; the file is stored under its SHA-256."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction

from .errors import Invalid
from .models import Document, DocumentKind

SIGNATURES = [
    (b"%PDF-", "application/pdf"),
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
]


def sniff(head: bytes) -> str | None:
    for magic, ctype in SIGNATURES:
        if head.startswith(magic):
            return ctype
    return None


def store(user, *, body, case=None, person=None, kind: str, upload, title: str = "") -> Document:
    limit = settings.ADHINIYAM_MAX_UPLOAD_BYTES
    allowed = settings.ADHINIYAM_DOCUMENT_TYPES
    if kind not in DocumentKind.values:
        raise Invalid(f"Unknown document kind '{kind}'. Use one of: {', '.join(DocumentKind.values)}.",
                      code="bad_document_kind")
    size = upload.size or 0
    if size == 0:
        raise Invalid("The file is empty. Scan or save the document again and upload it.", code="empty_file")
    if size > limit:
        raise Invalid(f"The file is {size / 1048576:.1f} MB; the limit is {limit / 1048576:.0f} MB. Scan at a lower "
                      "resolution or split the document.", code="file_too_large", limit_bytes=limit)
    data = upload.read()
    ctype = sniff(data[:16])
    if ctype not in allowed:
        raise Invalid(f"'{upload.name}' is not a PDF, PNG or JPEG file (judged from its contents). Save it as a "
                      "PDF or scan it as an image.", code="file_type_not_accepted",
                      accepted=sorted(allowed))
    sha = hashlib.sha256(data).hexdigest()
    with transaction.atomic():
        doc = Document(body=body, case=case, person=person, kind=kind, title=title or upload.name[:200],
                       original_name=upload.name[:255], content_type=ctype, extension=allowed[ctype], size=size,
                       sha256=sha, uploaded_by=user if user.is_authenticated else None)
        doc.file.save("upload", ContentFile(data), save=False)
        doc.save()
    return doc
